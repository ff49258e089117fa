package dev.bundlectl.executor.adopt;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.executor.lock.Acquisition;
import dev.bundlectl.executor.lock.HeldLock;
import dev.bundlectl.executor.lock.LockState;
import dev.bundlectl.executor.lock.LockTarget;
import dev.bundlectl.executor.lock.PackageLock;
import dev.bundlectl.executor.ownership.InstallOwner;
import dev.bundlectl.executor.ownership.OwnerListing;
import dev.bundlectl.executor.ownership.OwnerMarks;
import dev.bundlectl.executor.ownership.OwnershipDecision;
import dev.bundlectl.executor.records.ClientErrors;
import dev.bundlectl.executor.records.CreatedObject;
import dev.bundlectl.executor.records.InstallRecord;
import dev.bundlectl.executor.records.InstallRecordStore;
import dev.bundlectl.executor.records.ObjectRef;
import dev.bundlectl.executor.records.RecordEntry;
import dev.bundlectl.plan.api.ApiResource;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Hands an install back (docs/semantics.md §11): bundlectl stops owning the package's objects and
 * leaves every one of them as it is, running. Under the package's lock, each object any of the
 * package's records owns loses the install's mark (a JSON patch on the version read, the object's
 * fields as they are); then the records go, and the lock's Lease. With a {@link HandBack}, OLM takes
 * the install back: each namespaced object the install took (a CRD aside) gets back the owner
 * reference to the CSV that OLM's catalog operator gives what it writes for a CSV, so that OLM's
 * garbage collection of the CSV's objects works again, and last a Subscription whose
 * {@code startingCSV} is the installed CSV is created, for OLM's resolver to find the CSV already
 * installed. The CSV itself is never written.
 */
public final class PackageRelease {

    private static final int ATTEMPTS = 3;
    private static final String CSV_KIND = "ClusterServiceVersion";
    private static final String OPERATION = "release";

    private final ClusterConnection connection;
    private final KubeApi api;
    private final InstallRecordStore store;

    /** A release whose every request goes through {@code connection}. */
    public PackageRelease(ClusterConnection connection) {
        this.connection = Objects.requireNonNull(connection, "connection");
        this.api = connection.retryingApi();
        this.store = new InstallRecordStore(api);
    }

    /**
     * Releases {@code packageName}'s install in {@code namespace}.
     *
     * @param holder who holds the package's lock meanwhile, as its Lease names it
     * @param handBack the Subscription to hand the install back to OLM with, or empty to leave it to nobody
     */
    public Future<ReleaseOutcome> run(String namespace, String packageName, String holder,
            Optional<HandBack> handBack) {
        return store.list(namespace).compose(entries -> {
            List<InstallRecord> records = new ArrayList<>();
            for (RecordEntry entry : entries) {
                if (entry instanceof RecordEntry.Readable readable && readable.record().packageName().equals(packageName)
                        && !readable.record().dryRun()) {
                    records.add(readable.record());
                }
            }
            if (records.isEmpty()) {
                return Future.succeededFuture(new ReleaseOutcome.Refused("no install of package " + packageName
                        + " in namespace " + namespace + " to release"));
            }
            // The store lists the newest first.
            InstallRecord latest = records.get(0);
            if (handBack.isEmpty()) {
                return locked(namespace, packageName, holder, records, null, Optional.empty());
            }
            return handBackChecked(latest, handBack.get()).compose(checked -> checked instanceof String why
                    ? Future.succeededFuture(new ReleaseOutcome.Refused(why))
                    : locked(namespace, packageName, holder, records, (OlmCsv) checked, handBack));
        });
    }

    /** The running CSV to hand back (an {@link OlmCsv}), or why OLM cannot take the install back (a String). */
    private Future<Object> handBackChecked(InstallRecord latest, HandBack handBack) {
        String namespace = latest.namespace();
        if (latest.csvName() == null) {
            return Future.succeededFuture("the install of " + latest.packageName() + " has no CSV: OLM has nothing "
                    + "to take back");
        }
        Future<Object> csv = api.get(OlmApis.CSVS, namespace, latest.csvName()).<Object>map(OlmCsv::of)
                .recover(error -> ApiException.isHttp(error, 404)
                        ? Future.succeededFuture("ClusterServiceVersion " + namespace + "/" + latest.csvName()
                                + " does not exist: OLM would install it again instead of taking it back")
                        : Future.failedFuture(error));
        Future<Object> source = api.get(OlmApis.CATALOG_SOURCES, handBack.catalogSourceNamespace(),
                        handBack.catalogSource()).<Object>map(found -> "")
                .recover(error -> ApiException.isHttp(error, 404)
                        ? Future.succeededFuture("CatalogSource " + handBack.catalogSourceNamespace() + "/"
                                + handBack.catalogSource() + " does not exist: OLM could resolve nothing from it")
                        : Future.failedFuture(error));
        Future<Object> subscriptions = api.listAll(OlmApis.SUBSCRIPTIONS, namespace, null, 100).<Object>map(items -> {
            for (JsonNode item : items) {
                OlmSubscription existing = OlmSubscription.of(item);
                if (latest.packageName().equals(existing.packageName())) {
                    return existing.describe() + " already subscribes to " + latest.packageName();
                }
            }
            return "";
        });
        return Future.all(csv, source, subscriptions).map(all -> {
            for (Future<Object> check : List.of(csv, source, subscriptions)) {
                if (check.result() instanceof String why && !why.isEmpty()) {
                    return why;
                }
            }
            OlmCsv running = (OlmCsv) csv.result();
            if (!OlmCsv.SUCCEEDED.equals(running.phase())) {
                return "ClusterServiceVersion " + namespace + "/" + running.name() + " does not run: OLM reports "
                        + running.describePhase();
            }
            return running;
        });
    }

    private Future<ReleaseOutcome> locked(String namespace, String packageName, String holder,
            List<InstallRecord> records, OlmCsv csv, Optional<HandBack> handBack) {
        PackageLock lock = new PackageLock(connection.api(), connection.vertx(), new LockTarget(namespace, packageName));
        return lock.read().compose(state -> {
            if (state instanceof LockState.Held held) {
                return Future.succeededFuture(new ReleaseOutcome.LockHeld(held));
            }
            return lock.acquire((LockState.Free) state, holder, OPERATION + " " + packageName).compose(acquisition -> {
                if (acquisition instanceof Acquisition.Changed changed) {
                    return Future.succeededFuture(new ReleaseOutcome.LockHeld(changed.now()));
                }
                HeldLock held = ((Acquisition.Acquired) acquisition).lock();
                return release(namespace, packageName, records, csv, handBack).transform(done ->
                        (done.succeeded() && ((ReleaseOutcome.Released) done.result()).complete()
                                ? held.releaseByDeleting() : held.release()).otherwise(false)
                                .transform(released -> done.succeeded() ? Future.succeededFuture(done.result())
                                        : Future.<ReleaseOutcome>failedFuture(done.cause())));
            });
        });
    }

    private Future<ReleaseOutcome> release(String namespace, String packageName, List<InstallRecord> records,
            OlmCsv csv, Optional<HandBack> handBack) {
        InstallOwner owner = new InstallOwner(namespace, packageName);
        List<CreatedObject> owned = owned(records);
        List<String> lines = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        Future<Void> chain = Future.succeededFuture();
        for (CreatedObject object : owned) {
            if (CSV_KIND.equals(object.object().kind())) {
                lines.add("Left " + object.object().displayName() + ": the CSV is never written; OLM runs it");
                continue;
            }
            chain = chain.compose(done -> unmark(object, owner, csv).map(line -> {
                lines.add(line);
                return (Void) null;
            }).otherwise(error -> {
                failures.add(object.object().displayName() + ": its mark could not be removed: "
                        + ClientErrors.describe(error));
                return null;
            }));
        }
        return chain.compose(done -> {
            if (!failures.isEmpty()) {
                // The records stay, so that a second release finds what this one could not release.
                return Future.<ReleaseOutcome>succeededFuture(new ReleaseOutcome.Released(lines, failures, List.of(),
                        null));
            }
            return deleteRecords(namespace, records).compose(deleted -> handBack.isEmpty()
                    ? Future.succeededFuture(new ReleaseOutcome.Released(lines, failures, deleted, null))
                    : subscribe(namespace, packageName, csv, handBack.get())
                            .<ReleaseOutcome>map(subscription -> new ReleaseOutcome.Released(lines, failures, deleted,
                                    subscription))
                            .recover(error -> Future.succeededFuture(new ReleaseOutcome.Released(lines,
                                    List.of("the Subscription could not be created: " + ClientErrors.describe(error)),
                                    deleted, null))));
        });
    }

    /** What every record of the package owns, each object once, the newest record's entry first. */
    private static List<CreatedObject> owned(List<InstallRecord> records) {
        List<CreatedObject> owned = new ArrayList<>();
        for (InstallRecord record : records) {
            for (CreatedObject object : record.createdObjects()) {
                if (owned.stream().noneMatch(earlier -> earlier.object().sameObjectAs(object.object()))) {
                    owned.add(object);
                }
            }
        }
        return owned;
    }

    /** Removes the install's mark from {@code object} (and, handing back, links it to the CSV again); answers its line. */
    private Future<String> unmark(CreatedObject object, InstallOwner owner, OlmCsv csv) {
        ObjectRef ref = object.object();
        return connection.discovery().find(ref.group(), ref.version(), ref.kind()).compose(type -> type.isEmpty()
                ? Future.succeededFuture("Gone " + ref.displayName() + ": the cluster no longer serves " + ref.kind())
                : unmark(type.get(), object, owner, csv, 1));
    }

    private Future<String> unmark(ApiResource type, CreatedObject object, InstallOwner owner, OlmCsv csv, int attempt) {
        ObjectRef ref = object.object();
        String namespace = type.namespaced() ? ref.namespace() : null;
        return api.get(type, namespace, ref.name()).compose(live -> {
            JsonNode metadata = live.path("metadata");
            if (object.uid() != null && !object.uid().equals(metadata.path("uid").asText())) {
                return Future.succeededFuture("Skipped " + ref.displayName() + ": replaced since the install recorded it");
            }
            // Leaving the package's owner list, as an uninstall that keeps the object does (§8).
            OwnerMarks.ListChange leaving = OwnerMarks.change(live, OwnerListing.leaving(owner, Set.of()));
            boolean marked = leaving instanceof OwnerMarks.ListChange.Patch;
            boolean link = csv != null && type.namespaced() && !ref.customResourceDefinition()
                    && !OwnershipDecision.SHARED_WITH_OLM_RECORDED.equals(object.ownership())
                    && !ownedBy(metadata, csv);
            if (!marked && !link) {
                return Future.succeededFuture("Left " + ref.displayName() + ": it carries no mark of "
                        + owner.describe());
            }
            // The list's patch tests the resourceVersion read; without one, the link's patch does.
            ArrayNode patch = leaving instanceof OwnerMarks.ListChange.Patch listed ? listed.operations().deepCopy()
                    : JsonNodeFactory.instance.arrayNode();
            if (!marked) {
                patch.addObject().put("op", "test").put("path", "/metadata/resourceVersion")
                        .put("value", metadata.path("resourceVersion").asText());
            }
            if (link) {
                ObjectNode reference = JsonNodeFactory.instance.objectNode()
                        .put("apiVersion", "operators.coreos.com/v1alpha1").put("kind", CSV_KIND)
                        .put("name", csv.name()).put("uid", csv.uid())
                        .put("blockOwnerDeletion", false).put("controller", false);
                if (metadata.path("ownerReferences").isArray()) {
                    patch.addObject().put("op", "add").put("path", "/metadata/ownerReferences/-").set("value", reference);
                } else {
                    patch.addObject().put("op", "add").put("path", "/metadata/ownerReferences")
                            .set("value", JsonNodeFactory.instance.arrayNode().add(reference));
                }
            }
            return api.patch(type, namespace, ref.name(), patch, false).map("Released " + ref.displayName()
                    + (link ? ": mark removed, owned by ClusterServiceVersion " + csv.name() + " again" : ": mark removed"));
        }, error -> ApiException.isHttp(error, 404) ? Future.succeededFuture("Gone " + ref.displayName())
                : Future.failedFuture(error))
                .recover(error -> (ApiException.isHttp(error, 409) || ApiException.isHttp(error, 422)) && attempt < ATTEMPTS
                        // Written between the read and the patch: read it again.
                        ? unmark(type, object, owner, csv, attempt + 1) : Future.failedFuture(error));
    }

    private static boolean ownedBy(JsonNode metadata, OlmCsv csv) {
        for (JsonNode reference : metadata.path("ownerReferences")) {
            if (Objects.equals(csv.uid(), reference.path("uid").asText())) {
                return true;
            }
        }
        return false;
    }

    private Future<List<String>> deleteRecords(String namespace, List<InstallRecord> records) {
        List<String> deleted = new ArrayList<>();
        Future<Void> chain = Future.succeededFuture();
        for (InstallRecord record : records) {
            chain = chain.compose(done -> store.delete(namespace, record.name()).map(removed -> {
                deleted.add(record.name());
                return null;
            }));
        }
        return chain.map(deleted);
    }

    private Future<String> subscribe(String namespace, String packageName, OlmCsv csv, HandBack handBack) {
        ObjectNode subscription = JsonNodeFactory.instance.objectNode()
                .put("apiVersion", "operators.coreos.com/v1alpha1").put("kind", "Subscription");
        subscription.putObject("metadata").put("name", handBack.subscriptionName()).put("namespace", namespace);
        ObjectNode spec = subscription.putObject("spec").put("name", packageName)
                .put("source", handBack.catalogSource()).put("sourceNamespace", handBack.catalogSourceNamespace())
                .put("startingCSV", csv.name());
        if (handBack.channel() != null) {
            spec.put("channel", handBack.channel());
        }
        return api.create(OlmApis.SUBSCRIPTIONS, namespace, subscription, false)
                .map("Subscription " + namespace + "/" + handBack.subscriptionName());
    }

}
