package dev.bundlectl.executor.ownership;

import dev.bundlectl.cluster.discovery.Discovery;
import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.executor.records.ClientErrors;
import dev.bundlectl.executor.records.CreatedObject;
import dev.bundlectl.executor.records.InstallRecord;
import dev.bundlectl.executor.records.ObjectRef;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What {@code status} says of an install's objects that other installs own too, read live
 * (docs/semantics.md §8): which are shared, and with whom, and which another install took over.
 * Only cluster-scoped objects can be shared (a namespaced one belongs to one namespace's install),
 * so only those are read; a record's lost objects are said from the record. An owner that is gone
 * (its namespace deleted, or holding no record of it) is no owner and is not said. What an adoption
 * shares with the operators OLM manages is said from the record.
 */
public final class LiveOwners {

    private final KubeApi api;
    private final Discovery discovery;

    /** Reads through {@code api}, finding kinds with {@code discovery}. */
    public LiveOwners(KubeApi api, Discovery discovery) {
        this.api = Objects.requireNonNull(api, "api");
        this.discovery = Objects.requireNonNull(discovery, "discovery");
    }

    /** One line per object of {@code record} shared with or taken by another install. */
    public Future<List<String>> lines(InstallRecord record) {
        InstallOwner me = new InstallOwner(record.namespace(), record.packageName());
        // One per call: each owner namespace the marks name is read once, whatever the number of objects.
        OwnerStandings standings = new OwnerStandings(api);
        List<Future<String>> read = new ArrayList<>();
        for (CreatedObject owned : record.createdObjects()) {
            if (owned.object().namespace() == null) {
                read.add(line(me, owned.object(), standings));
            }
        }
        return Future.join(new ArrayList<>(read)).transform(done -> {
            List<String> lines = new ArrayList<>();
            for (Future<String> line : read) {
                if (line.succeeded() && line.result() != null) {
                    lines.add(line.result());
                }
            }
            // Shared with OLM's operators since an adoption: the record says so (docs/semantics.md §11).
            record.createdObjects().stream()
                    .filter(owned -> OwnershipDecision.SHARED_WITH_OLM_RECORDED.equals(owned.ownership()))
                    .forEach(owned -> lines.add(owned.object().displayName() + ": shared with operators OLM manages"));
            record.lostObjects().forEach(lost -> lines.add("lost " + lost.line()));
            return Future.succeededFuture(lines);
        });
    }

    private Future<String> line(InstallOwner me, ObjectRef object, OwnerStandings standings) {
        return discovery.find(object.group(), object.version(), object.kind()).compose(type -> type.isEmpty()
                ? Future.succeededFuture((String) null)
                : api.get(type.get(), null, object.name()).compose(live -> {
                    ObjectOwners owners = ObjectOwners.of(live);
                    List<OwnerMark> marked = owners.besides(me);
                    // A gone install's entry is stale: it shares nothing and took nothing (docs/semantics.md §8).
                    return standings.gone(marked.stream().map(OwnerMark::owner).distinct().toList()).map(gone -> {
                        List<OwnerMark> others = marked.stream().filter(mark -> !gone.contains(mark.owner())).toList();
                        if (owners.markOf(me).isEmpty() && !others.isEmpty()) {
                            return object.displayName() + ": taken over by " + names(others);
                        }
                        return others.isEmpty() ? null : object.displayName() + ": shared with " + names(others);
                    });
                }).recover(error -> Future.succeededFuture(ApiException.isHttp(error, 404) ? null
                        : object.displayName() + ": cannot read its owners: " + ClientErrors.describe(error))));
    }

    private static String names(List<OwnerMark> marks) {
        return ObjectOwners.describe(marks);
    }
}
