package dev.bundlectl.executor.ownership;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.executor.records.ClientErrors;
import dev.bundlectl.executor.records.InstallRecordStore;
import dev.bundlectl.plan.api.ApiResource;
import io.vertx.core.Future;
import java.net.HttpURLConnection;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Reads, for one operation, whether the installs owner marks name still stand (docs/semantics.md
 * §8, "A stale owner is no owner"). Each owner namespace is read once however many objects name
 * it: the namespace (one GET, or one LIST of every namespace for an operation that reads the whole
 * cluster) and, when it exists, the install records in it (one LIST). Make one per operation: what
 * it read is kept, so that a later operation must not reuse it.
 */
public final class OwnerStandings {

    private static final ApiResource NAMESPACES = new ApiResource("", "v1", "Namespace", "namespaces", false);
    private static final int PAGE_SIZE = 500;
    /** How many owners {@link #gone} reads at once: a few per kept-alive connection of a controller. */
    static final int READS_AT_ONCE = 16;

    private final KubeApi api;
    private final InstallRecordStore store;
    /** Every namespace's name to whether it is being deleted, or null: read one at a time. */
    private final Future<Map<String, Boolean>> namespaces;
    private final Map<String, Future<NamespaceHolding>> holdings = new ConcurrentHashMap<>();
    private final RecentStandings recent;

    private OwnerStandings(KubeApi api, Future<Map<String, Boolean>> namespaces, RecentStandings recent) {
        this.api = Objects.requireNonNull(api, "api");
        this.store = new InstallRecordStore(api);
        this.namespaces = namespaces;
        this.recent = Objects.requireNonNull(recent, "recent");
    }

    /** Standings read through {@code api}, one namespace GET per owner namespace. */
    public OwnerStandings(KubeApi api) {
        this(api, null, RecentStandings.NONE);
    }

    /**
     * Standings read through {@code api}, except for owners {@code recent} saw standing lately,
     * which are taken to stand without a request; what is read is told to {@code recent}.
     */
    public OwnerStandings(KubeApi api, RecentStandings recent) {
        this(api, null, recent);
    }

    /**
     * Standings that list every namespace once, for an operation that reads the whole cluster; when
     * that list is refused, each namespace is read on its own.
     */
    public static OwnerStandings listingNamespaces(KubeApi api) {
        Future<Map<String, Boolean>> listed = api.listAll(NAMESPACES, null, null, PAGE_SIZE)
                .<Map<String, Boolean>>map(items -> {
                    Map<String, Boolean> names = new LinkedHashMap<>();
                    for (ObjectNode item : items) {
                        names.put(item.path("metadata").path("name").asText(), deleting(item));
                    }
                    return names;
                }).otherwise((Map<String, Boolean>) null);
        return new OwnerStandings(api, listed, RecentStandings.NONE);
    }

    /** The standing of {@code owner}; never fails (what cannot be read is {@link OwnerStanding.Unknown}). */
    public Future<OwnerStanding> of(InstallOwner owner) {
        if (recent.stands(owner)) {
            return Future.succeededFuture(new OwnerStanding.Present());
        }
        return holding(owner.namespace()).map(holding -> {
            OwnerStanding standing = holding.standingOf(owner.packageName());
            recent.saw(owner, standing);
            return standing;
        });
    }

    /**
     * The standing of the operator a rendered object's labels name: its namespace and the CSV label
     * (null: any record); never fails.
     */
    public Future<OwnerStanding> ofOperator(String namespace, String csvLabel) {
        return holding(namespace).map(holding -> holding.standingOfOperator(csvLabel));
    }

    /**
     * Which of {@code owners} are gone; an empty set, with no request, for no owners. Never fails.
     * At most {@link #READS_AT_ONCE} owners are read at a time: a shared object of a fleet lists
     * hundreds, and reading them all at once queued every request behind the connection's few, where
     * the request timeout runs too.
     */
    public Future<Set<InstallOwner>> gone(Collection<InstallOwner> owners) {
        List<InstallOwner> distinct = new ArrayList<>(new LinkedHashSet<>(owners));
        Map<InstallOwner, OwnerStanding> read = new ConcurrentHashMap<>();
        AtomicInteger next = new AtomicInteger();
        List<Future<Void>> lanes = new ArrayList<>();
        for (int lane = 0; lane < Math.min(READS_AT_ONCE, distinct.size()); lane++) {
            lanes.add(readFrom(distinct, next, read));
        }
        return Future.join(lanes).transform(done -> {
            Set<InstallOwner> gone = new LinkedHashSet<>();
            for (InstallOwner owner : distinct) {
                OwnerStanding standing = read.get(owner);
                if (standing != null && standing.gone()) {
                    gone.add(owner);
                }
            }
            return Future.succeededFuture(gone);
        });
    }

    /**
     * One lane of {@link #gone}: reads the next owner not yet taken, until none is left. Owners
     * answered at once (seen standing lately, or in a namespace already read) are taken in a loop,
     * not by recursion, so that a list of thousands does not deepen the stack.
     */
    private Future<Void> readFrom(List<InstallOwner> owners, AtomicInteger next, Map<InstallOwner, OwnerStanding> read) {
        while (true) {
            int at = next.getAndIncrement();
            if (at >= owners.size()) {
                return Future.succeededFuture();
            }
            InstallOwner owner = owners.get(at);
            Future<OwnerStanding> standing = of(owner);
            if (standing.isComplete()) {
                if (standing.succeeded()) {
                    read.put(owner, standing.result());
                }
                continue;
            }
            return standing.transform(done -> {
                if (done.succeeded()) {
                    read.put(owner, done.result());
                }
                return readFrom(owners, next, read);
            });
        }
    }

    private Future<NamespaceHolding> holding(String namespace) {
        return holdings.computeIfAbsent(namespace, this::read);
    }

    private Future<NamespaceHolding> read(String namespace) {
        Future<Presence> presence = namespaces == null ? presence(namespace)
                : namespaces.compose(listed -> listed == null ? presence(namespace)
                        : Future.succeededFuture(!listed.containsKey(namespace) ? Presence.MISSING
                                : listed.get(namespace) ? Presence.DELETING : Presence.LIVE));
        return presence.compose(found -> switch (found) {
                    case MISSING -> Future.succeededFuture(NamespaceHolding.missing(namespace));
                    case DELETING -> Future.succeededFuture(NamespaceHolding.deleting(namespace));
                    case LIVE -> store.recordSecrets(namespace).map(records -> NamespaceHolding.holding(namespace, records))
                            .otherwise(error -> NamespaceHolding.unreadable(namespace,
                                    "cannot list the install records in namespace " + namespace + ": "
                                            + ClientErrors.describe(error)));
                })
                .otherwise(error -> NamespaceHolding.unreadable(namespace, "cannot read namespace " + namespace + ": "
                        + ClientErrors.describe(error)));
    }

    private Future<Presence> presence(String namespace) {
        return api.get(NAMESPACES, null, namespace).map(live -> deleting(live) ? Presence.DELETING : Presence.LIVE)
                .recover(error -> ApiException.isHttp(error, HttpURLConnection.HTTP_NOT_FOUND)
                        ? Future.succeededFuture(Presence.MISSING) : Future.failedFuture(error));
    }

    /**
     * Why {@code namespace} counts as gone (it does not exist, or is being deleted), or empty while
     * it lives or when it cannot be read; never fails. Reads only the Namespace.
     */
    public Future<java.util.Optional<String>> departure(String namespace) {
        return presence(namespace).map(found -> switch (found) {
            case MISSING -> java.util.Optional.of(NamespaceHolding.missing(namespace).departed());
            case DELETING -> java.util.Optional.of(NamespaceHolding.deleting(namespace).departed());
            case LIVE -> java.util.Optional.<String>empty();
        }).otherwise(java.util.Optional.empty());
    }

    /** Whether a Namespace object is being deleted: the namespace controller is emptying it. */
    public static boolean deleting(com.fasterxml.jackson.databind.JsonNode namespace) {
        return namespace.path("metadata").hasNonNull("deletionTimestamp");
    }

    /** Where an owner namespace stands. */
    private enum Presence { LIVE, DELETING, MISSING }
}
