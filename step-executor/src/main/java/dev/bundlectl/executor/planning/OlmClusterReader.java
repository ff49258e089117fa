package dev.bundlectl.executor.planning;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.executor.records.InstallRecordStore;
import dev.bundlectl.plan.api.ApiResource;
import dev.bundlectl.plan.api.ApiSurface;
import dev.bundlectl.plan.olm.ClusterOperatorGroup;
import dev.bundlectl.plan.olm.CopiedCsv;
import dev.bundlectl.plan.olm.ExistingOperatorGroup;
import dev.bundlectl.plan.olm.OlmCluster;
import dev.bundlectl.plan.olm.OperatorGroupChoice;
import dev.bundlectl.plan.olm.OtherNamespaces;
import dev.bundlectl.plan.olm.ProvidedApi;
import dev.bundlectl.plan.olm.TargetNamespaces;
import dev.bundlectl.render.RenderLabels;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads what OLM checks and planning needs to predict (docs/semantics.md §6): the OperatorGroups
 * of every namespace (the install namespace's, and the others' targets and provided APIs), the
 * CSVs OLM copied into the install namespace ({@link CopiedCsvs}), and the server's Kubernetes
 * version ({@code /version}, warned about when bundlectl does not support it:
 * {@link SupportedKubernetes}), read side by side. A cluster that does not serve OperatorGroups has
 * none. A user who may not list OperatorGroups across namespaces gets the install namespace's,
 * and the plan says what it assumed about the others.
 */
final class OlmClusterReader {

    static final ApiResource OPERATOR_GROUPS = new ApiResource("operators.coreos.com", "v1",
            OperatorGroupChoice.KIND, "operatorgroups", true);
    private static final int PAGE = 100;
    private static final int FORBIDDEN = 403;

    private final KubeApi api;
    private final CopiedCsvs copies;

    OlmClusterReader(KubeApi api, InstallRecordStore records) {
        this.api = api;
        this.copies = new CopiedCsvs(api, records);
    }

    /** The groups read: the install namespace's, and every namespace's or why not. */
    private record Groups(Optional<List<ExistingOperatorGroup>> own, Optional<List<ClusterOperatorGroup>> all,
            String unreadWhy) {
    }

    /**
     * The namespace's OperatorGroups, the other namespaces' part and the server's version; fails
     * when a read fails, but for a user who may not list (403): what was refused is then unknown,
     * as offline, and a note says so.
     */
    Future<OlmCluster> read(ApiSurface served, String namespace, Set<ProvidedApi> provided, List<PlanningNote> notes) {
        Future<Groups> groups = served != null
                && served.find(OPERATOR_GROUPS.group(), OPERATOR_GROUPS.version(), OPERATOR_GROUPS.kind()).isEmpty()
                ? Future.succeededFuture(new Groups(Optional.of(List.of()), Optional.of(List.of()), null))
                : everyNamespace(namespace, notes).compose(found -> withMembersApis(found, namespace, provided));
        Future<CopiedCsvs.Found> copied = copies.read(served, namespace);
        Future<Optional<JsonNode>> version = api.discover("/version");
        return Future.all(groups, copied, version).map(all -> {
            Optional<String> gitVersion = version.result().map(answer -> answer.path("gitVersion").asText(null));
            gitVersion.flatMap(SupportedKubernetes::warningFor).ifPresent(warning -> notes.add(
                    new PlanningNote.Warned(warning)));
            return new OlmCluster(groups.result().own(), gitVersion, elsewhere(groups.result(), copied.result()));
        });
    }

    private static OtherNamespaces elsewhere(Groups groups, CopiedCsvs.Found copied) {
        if (groups.all().isEmpty()) {
            return new OtherNamespaces.Unread(groups.unreadWhy());
        }
        if (copied instanceof CopiedCsvs.Found.Refused refused) {
            return new OtherNamespaces.Unread(refused.why());
        }
        return new OtherNamespaces.Read(groups.all().get(), ((CopiedCsvs.Found.Listed) copied).copies());
    }

    /**
     * Each other group that names one of {@code provided} in its annotation, with the annotation
     * cut to what its members provide, as OLM prunes it (docs/semantics.md §6): an operator deleted
     * a moment ago leaves its APIs in the annotation until OLM looks again, and OLM then takes its
     * CSV in after all. Only such groups are looked at, one list of their namespace's CSVs each.
     */
    private Future<Groups> withMembersApis(Groups found, String namespace, Set<ProvidedApi> provided) {
        if (found.all().isEmpty()) {
            return Future.succeededFuture(found);
        }
        List<Future<ClusterOperatorGroup>> groups = new ArrayList<>();
        for (ClusterOperatorGroup group : found.all().get()) {
            boolean candidate = !group.namespace().equals(namespace) && !group.staticProvidedApis()
                    && group.providedApis().stream().anyMatch(provided::contains);
            groups.add(candidate ? pruned(group) : Future.succeededFuture(group));
        }
        return Future.all(groups).map(all -> new Groups(found.own(),
                Optional.of(groups.stream().map(Future::result).toList()), found.unreadWhy()));
    }

    /** The group with only the APIs its namespace's own CSVs (not OLM's copies) provide; as it is where they cannot be read. */
    private Future<ClusterOperatorGroup> pruned(ClusterOperatorGroup group) {
        return api.listAll(CopiedCsvs.CSVS, group.namespace(), null, PAGE).map(csvs -> {
            Set<ProvidedApi> members = new TreeSet<>();
            for (ObjectNode csv : csvs) {
                if (!csv.path("metadata").path("labels").has(CopiedCsvs.COPIED_FROM)) {
                    members.addAll(ProvidedApi.ofCsv(csv));
                }
            }
            Set<ProvidedApi> kept = new TreeSet<>(group.providedApis());
            kept.retainAll(members);
            return new ClusterOperatorGroup(group.namespace(), group.name(), group.targets(), kept, false);
        }).recover(unreadable -> Future.succeededFuture(group));
    }

    /** Every namespace's groups in one list; where that is refused, the install namespace's alone. */
    private Future<Groups> everyNamespace(String namespace, List<PlanningNote> notes) {
        return api.listAll(OPERATOR_GROUPS, null, null, PAGE)
                .map(items -> {
                    List<ObjectNode> own = items.stream()
                            .filter(item -> namespace.equals(item.path("metadata").path("namespace").asText()))
                            .toList();
                    return new Groups(Optional.of(existing(own)), Optional.of(clusterWide(items)), null);
                })
                .recover(failure -> {
                    if (!(failure instanceof ApiException refused && refused.isHttp(FORBIDDEN))) {
                        return Future.failedFuture(failure);
                    }
                    String why = "cannot list the OperatorGroups of every namespace (" + refused.getMessage() + ")";
                    notes.add(new PlanningNote.Warned(why + "; OLM's rules across namespaces are not checked"));
                    return api.listAll(OPERATOR_GROUPS, namespace, null, PAGE)
                            .map(items -> new Groups(Optional.of(existing(items)), Optional.empty(), why))
                            .recover(again -> forbidden(again, namespace, notes, why));
                });
    }

    private static Future<Groups> forbidden(Throwable failure, String namespace, List<PlanningNote> notes,
            String why) {
        if (failure instanceof ApiException refused && refused.isHttp(FORBIDDEN)) {
            notes.add(new PlanningNote.Warned("cannot list the OperatorGroups of namespace " + namespace + " ("
                    + refused.getMessage() + "); an OLM-mode plan assumes it has none"));
            return Future.succeededFuture(new Groups(Optional.empty(), Optional.empty(), why));
        }
        return Future.failedFuture(failure);
    }

    private static List<ExistingOperatorGroup> existing(List<ObjectNode> items) {
        List<ExistingOperatorGroup> found = new ArrayList<>(items.size());
        for (ObjectNode item : items) {
            JsonNode metadata = item.path("metadata");
            boolean ours = RenderLabels.MANAGED_BY_VALUE.equals(
                    metadata.path("labels").path(RenderLabels.MANAGED_BY).asText(null));
            found.add(new ExistingOperatorGroup(metadata.path("name").asText(), targets(item), ours));
        }
        return found;
    }

    private static List<ClusterOperatorGroup> clusterWide(List<ObjectNode> items) {
        List<ClusterOperatorGroup> found = new ArrayList<>(items.size());
        for (ObjectNode item : items) {
            JsonNode metadata = item.path("metadata");
            String namespace = metadata.path("namespace").asText();
            found.add(new ClusterOperatorGroup(namespace, metadata.path("name").asText(),
                    TargetNamespaces.of(namespace, targets(item)),
                    ProvidedApi.parse(metadata.path("annotations").path(ProvidedApi.ANNOTATION).asText(null)),
                    item.path("spec").path("staticProvidedAPIs").asBoolean(false)));
        }
        return found;
    }

    /**
     * {@code status.namespaces}, where OLM writes the namespaces a selector chose; a spec list,
     * before OLM has written the status, is the same answer.
     */
    private static List<String> targets(ObjectNode item) {
        JsonNode status = item.path("status").path("namespaces");
        JsonNode targets = status.isArray() && !status.isEmpty() ? status : item.path("spec").path("targetNamespaces");
        List<String> names = new ArrayList<>();
        targets.forEach(target -> names.add(target.asText()));
        return names;
    }
}
