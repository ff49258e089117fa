package dev.bundlectl.executor.uninstall;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.cluster.kube.Preconditions;
import dev.bundlectl.executor.ownership.InstallOwner;
import dev.bundlectl.executor.ownership.ObjectOwners;
import dev.bundlectl.executor.ownership.OwnerStandings;
import dev.bundlectl.executor.records.ClientErrors;
import dev.bundlectl.executor.records.ObjectRef;
import dev.bundlectl.plan.api.ApiResource;
import dev.bundlectl.render.RenderLabels;
import io.vertx.core.Future;
import java.net.HttpURLConnection;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The operator's cluster RBAC that rendering makes for each install namespace (ClusterRoles and
 * ClusterRoleBindings named after it), left by installs of the same package whose namespace is gone
 * (docs/semantics.md §8, "A stale owner is no owner"): no uninstall will ever run there, so an
 * uninstall of the package removes them. They are found by the labels rendering puts on them (two
 * lists, one per kind); one is removed only when every owner it names (in its owner list, or a mark
 * of the release before) is a gone install of this package, on the uid and resourceVersion listed. Best effort: a list or a delete the identity may
 * not make leaves them to {@code bundlectl gc}, and fails nothing.
 */
final class LeftBehindRbac {

    private static final List<ApiResource> KINDS = List.of(
            new ApiResource("rbac.authorization.k8s.io", "v1", "ClusterRole", "clusterroles", false),
            new ApiResource("rbac.authorization.k8s.io", "v1", "ClusterRoleBinding", "clusterrolebindings", false));
    private static final String RENDERED = RenderLabels.MANAGED_BY + "=" + RenderLabels.MANAGED_BY_VALUE + ","
            + RenderLabels.OWNER_KIND + "=ClusterServiceVersion";
    private static final int PAGE_SIZE = 500;

    private final KubeApi api;
    private final OwnerStandings standings;

    LeftBehindRbac(KubeApi api, OwnerStandings standings) {
        this.api = api;
        this.standings = standings;
    }

    /** Removes what gone installs of {@code me}'s package left; one result per object found. Never fails. */
    Future<List<DeletionResult>> remove(InstallOwner me) {
        List<DeletionResult> results = new ArrayList<>();
        Future<Void> chain = Future.succeededFuture();
        for (ApiResource kind : KINDS) {
            chain = chain.compose(done -> api.listAll(kind, null, RENDERED, PAGE_SIZE)
                    .otherwise(List.of())
                    .compose(objects -> removeEach(kind, objects, 0, me, results)));
        }
        return chain.map(results);
    }

    private Future<Void> removeEach(ApiResource kind, List<ObjectNode> objects, int index, InstallOwner me,
            List<DeletionResult> results) {
        if (index == objects.size()) {
            return Future.succeededFuture();
        }
        ObjectNode object = objects.get(index);
        List<InstallOwner> owners = List.copyOf(ObjectOwners.of(object).owners());
        boolean candidate = !owners.isEmpty() && !owners.contains(me)
                && owners.stream().allMatch(owner -> owner.packageName().equals(me.packageName()))
                && !object.path("metadata").hasNonNull("deletionTimestamp");
        Future<Void> done = !candidate ? Future.succeededFuture()
                : standings.gone(owners).compose(gone -> gone.containsAll(owners)
                        ? delete(kind, object, gone).map(result -> {
                            results.add(result);
                            return null;
                        })
                        : Future.succeededFuture());
        return done.compose(next -> removeEach(kind, objects, index + 1, me, results));
    }

    private Future<DeletionResult> delete(ApiResource kind, JsonNode object, Set<InstallOwner> gone) {
        JsonNode metadata = object.path("metadata");
        ObjectRef ref = new ObjectRef(kind.group(), kind.version(), kind.kind(), null, metadata.path("name").asText());
        return api.delete(kind, null, ref.name(), new Preconditions(metadata.path("uid").asText(null),
                        metadata.path("resourceVersion").asText(null)), false)
                .<DeletionResult>map(deleted -> new DeletionResult.Deleted(ref))
                .recover(error -> Future.succeededFuture(ApiException.isHttp(error, HttpURLConnection.HTTP_NOT_FOUND)
                        ? new DeletionResult.AlreadyGone(ref, null)
                        : new DeletionResult.Skipped(ref, "left by " + describe(gone) + ", which is gone; not removed ("
                                + ClientErrors.describe(error) + "); bundlectl gc can remove it")));
    }

    private static String describe(Set<InstallOwner> owners) {
        return String.join(", ", owners.stream().map(InstallOwner::describe).toList());
    }
}
