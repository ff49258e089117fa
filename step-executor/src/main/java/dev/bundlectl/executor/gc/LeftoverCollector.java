package dev.bundlectl.executor.gc;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.cluster.discovery.Discovery;
import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.cluster.kube.Preconditions;
import dev.bundlectl.executor.ownership.OwnerStanding;
import dev.bundlectl.executor.ownership.OwnerStandings;
import dev.bundlectl.executor.records.ClientErrors;
import dev.bundlectl.plan.api.ApiResource;
import io.vertx.core.Future;
import java.net.HttpURLConnection;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Collects what bundlectl left behind (docs/semantics.md §8, "Collecting what is left"): every
 * object an install marked or labelled, cluster-scoped or outside its install's namespace, whose
 * every owner is gone (its namespace deleted, or holding no record of the package). Every kind is
 * listed once, every namespace once, and each owner namespace's records once. Nothing is deleted
 * unless asked; a CRD only when asked for CRDs too. A deletion requires the uid and resourceVersion
 * that were read, so an object an install took again in between (a namespace made again, and the
 * package installed in it) is not deleted. Nothing blocks; the answer comes on a Vert.x thread.
 */
public final class LeftoverCollector {

    private static final int PAGE_SIZE = 500;

    private final KubeApi api;
    private final Discovery discovery;

    /**
     * @param api the API server, retrying transient failures
     * @param discovery what the cluster serves
     */
    public LeftoverCollector(KubeApi api, Discovery discovery) {
        this.api = Objects.requireNonNull(api, "api");
        this.discovery = Objects.requireNonNull(discovery, "discovery");
    }

    /** Finds the leftovers and, as {@code options} say, deletes them; fails only when the cluster's API list cannot be read. */
    public Future<GcReport> collect(GcOptions options) {
        OwnerStandings standings = OwnerStandings.listingNamespaces(api);
        return new ClusterScan(api, discovery).scan().compose(scanned -> {
            Set<String> unreadable = new LinkedHashSet<>(scanned.unreadable());
            return judgeEach(scanned.found(), 0, standings, unreadable, new ArrayList<>())
                    .compose(leftovers -> act(leftovers, 0, options, new ArrayList<>()))
                    .map(outcomes -> new GcReport(outcomes, List.copyOf(unreadable), options.delete()));
        });
    }

    private Future<List<Leftover>> judgeEach(List<MarkedObject> found, int index, OwnerStandings standings,
            Set<String> unreadable, List<Leftover> leftovers) {
        if (index == found.size()) {
            return Future.succeededFuture(leftovers);
        }
        MarkedObject object = found.get(index);
        return judge(object, standings, unreadable).compose(leftover -> {
            if (leftover != null) {
                leftovers.add(leftover);
            }
            return judgeEach(found, index + 1, standings, unreadable, leftovers);
        });
    }

    /** The leftover {@code object} is when every owner it names is gone, else null. */
    private Future<Leftover> judge(MarkedObject object, OwnerStandings standings, Set<String> unreadable) {
        List<Future<OwnerStanding>> read = new ArrayList<>();
        for (NamedOwner owner : object.owners()) {
            read.add(owner instanceof NamedOwner.Install install ? standings.of(install.owner())
                    : standings.ofOperator(owner.namespace(), ((NamedOwner.Operator) owner).csvLabel()));
        }
        return Future.all(new ArrayList<>(read)).compose(done -> {
            List<GoneOwner> gone = new ArrayList<>();
            for (int at = 0; at < read.size(); at++) {
                OwnerStanding standing = read.get(at).result();
                if (standing instanceof OwnerStanding.Gone why) {
                    gone.add(new GoneOwner(object.owners().get(at), why.why()));
                } else if (standing instanceof OwnerStanding.Unknown unknown) {
                    unreadable.add(unknown.why());
                }
            }
            if (gone.size() < read.size()) {
                return Future.succeededFuture((Leftover) null);
            }
            return (object.customResourceDefinition() ? countCustomResources(object) : Future.succeededFuture(-1L))
                    .map(count -> new Leftover(object, gone, count));
        });
    }

    /** How many custom resources of a leftover CRD exist, in every namespace; -1 when they cannot be listed. */
    private Future<Long> countCustomResources(MarkedObject crd) {
        ApiResource type = crd.type();
        return api.get(type, null, crd.name()).compose(live -> {
            ApiResource served = servedKind(live);
            return served == null ? Future.succeededFuture(0L)
                    : api.listAll(served, null, null, PAGE_SIZE).map(items -> (long) items.size());
        }).otherwise(-1L);
    }

    /** The kind a CRD serves, through its storage version (else its first served one); null when none is served. */
    static ApiResource servedKind(JsonNode crd) {
        JsonNode spec = crd.path("spec");
        String version = null;
        for (JsonNode each : spec.path("versions")) {
            if (each.path("served").asBoolean(false) && (version == null || each.path("storage").asBoolean(false))) {
                version = each.path("name").asText();
            }
        }
        return version == null ? null : new ApiResource(spec.path("group").asText(), version,
                spec.path("names").path("kind").asText(), spec.path("names").path("plural").asText(),
                "Namespaced".equals(spec.path("scope").asText()));
    }

    private Future<List<GcOutcome>> act(List<Leftover> leftovers, int index, GcOptions options, List<GcOutcome> outcomes) {
        if (index == leftovers.size()) {
            return Future.succeededFuture(outcomes);
        }
        Leftover leftover = leftovers.get(index);
        Future<GcOutcome> outcome;
        if (!options.delete()) {
            outcome = Future.succeededFuture(new GcOutcome.Found(leftover));
        } else if (leftover.object().customResourceDefinition() && !options.deleteCrds()) {
            outcome = Future.succeededFuture(new GcOutcome.Kept(leftover));
        } else {
            outcome = delete(leftover);
        }
        return outcome.compose(done -> {
            outcomes.add(done);
            return act(leftovers, index + 1, options, outcomes);
        });
    }

    /**
     * Deletes a leftover on the uid and resourceVersion it was listed with: an object changed since
     * (an install in a namespace made again took it back) or replaced is refused with 409 and left.
     */
    private Future<GcOutcome> delete(Leftover leftover) {
        MarkedObject object = leftover.object();
        return api.delete(object.type(), object.namespace(), object.name(),
                        new Preconditions(object.uid(), object.resourceVersion()), false)
                .<GcOutcome>map(deleted -> new GcOutcome.Deleted(leftover))
                .recover(error -> Future.succeededFuture(ApiException.isHttp(error, HttpURLConnection.HTTP_NOT_FOUND)
                        ? new GcOutcome.AlreadyGone(leftover)
                        : new GcOutcome.Failed(leftover, ApiException.isHttp(error, HttpURLConnection.HTTP_CONFLICT)
                                ? "it changed since it was read, and is left for the next run to judge: "
                                        + ClientErrors.describe(error)
                                : ClientErrors.describe(error))));
    }
}
