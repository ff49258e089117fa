package dev.bundlectl.executor.planning;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.executor.kube.ApiException;
import dev.bundlectl.executor.kube.KubeApi;
import dev.bundlectl.plan.api.ApiResource;
import dev.bundlectl.plan.api.ApiSurface;
import dev.bundlectl.plan.olm.ExistingOperatorGroup;
import dev.bundlectl.plan.olm.OlmCluster;
import dev.bundlectl.plan.olm.OperatorGroupChoice;
import dev.bundlectl.render.RenderLabels;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads what OLM checks and planning needs to predict (docs/semantics.md §6): the install
 * namespace's OperatorGroups and the server's Kubernetes version ({@code /version}). Two reads,
 * made side by side; a cluster that does not serve OperatorGroups has none.
 */
final class OlmClusterReader {

    static final ApiResource OPERATOR_GROUPS = new ApiResource("operators.coreos.com", "v1",
            OperatorGroupChoice.KIND, "operatorgroups", true);
    private static final int PAGE = 100;
    private static final int FORBIDDEN = 403;

    private final KubeApi api;

    OlmClusterReader(KubeApi api) {
        this.api = api;
    }

    /**
     * The namespace's OperatorGroups and the server's version; fails when either read fails, but
     * for a user who may not list OperatorGroups (403): the groups are then unknown, as offline, and
     * a note says so.
     */
    Future<OlmCluster> read(ApiSurface served, String namespace, List<PlanningNote> notes) {
        Future<Optional<List<ExistingOperatorGroup>>> groups = served != null
                && served.find(OPERATOR_GROUPS.group(), OPERATOR_GROUPS.version(), OPERATOR_GROUPS.kind()).isEmpty()
                ? Future.succeededFuture(Optional.of(List.of()))
                : api.listAll(OPERATOR_GROUPS, namespace, null, PAGE)
                        .map(items -> Optional.of(operatorGroups(items)))
                        .recover(failure -> forbidden(failure, namespace, notes));
        Future<Optional<JsonNode>> version = api.discover("/version");
        return Future.all(groups, version).map(both -> new OlmCluster(groups.result(),
                version.result().map(answer -> answer.path("gitVersion").asText(null))));
    }

    private static Future<Optional<List<ExistingOperatorGroup>>> forbidden(Throwable failure, String namespace,
            List<PlanningNote> notes) {
        if (failure instanceof ApiException refused && refused.isHttp(FORBIDDEN)) {
            notes.add(new PlanningNote.Warned("cannot list the OperatorGroups of namespace " + namespace + " ("
                    + refused.getMessage() + "); an OLM-mode plan assumes it has none"));
            return Future.succeededFuture(Optional.empty());
        }
        return Future.failedFuture(failure);
    }

    private static List<ExistingOperatorGroup> operatorGroups(List<ObjectNode> items) {
        List<ExistingOperatorGroup> found = new ArrayList<>(items.size());
        for (ObjectNode item : items) {
            JsonNode metadata = item.path("metadata");
            // OLM writes the namespaces a selector chose into status; a spec list is the same answer.
            JsonNode status = item.path("status").path("namespaces");
            JsonNode targets = status.isArray() && !status.isEmpty() ? status
                    : item.path("spec").path("targetNamespaces");
            List<String> names = new ArrayList<>();
            targets.forEach(target -> names.add(target.asText()));
            boolean ours = RenderLabels.MANAGED_BY_VALUE.equals(
                    metadata.path("labels").path(RenderLabels.MANAGED_BY).asText(null));
            found.add(new ExistingOperatorGroup(metadata.path("name").asText(), names, ours));
        }
        return found;
    }
}
