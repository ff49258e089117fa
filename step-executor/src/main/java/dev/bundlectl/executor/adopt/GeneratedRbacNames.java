package dev.bundlectl.executor.adopt;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.yaml.JsonTrees;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.plan.api.ApiResource;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepResource;
import dev.bundlectl.plan.planned.PlannedInstall;
import dev.bundlectl.plan.planned.PlannedStep;
import dev.bundlectl.render.OlmInstallPlanRbac;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

/**
 * The names OLM gave the RBAC it generated for a CSV, in place of the names bundlectl's plan gives
 * the same objects. OLM's resolver names each Role, RoleBinding, ClusterRole and ClusterRoleBinding
 * after the CSV and a hash of Go's in-memory form of its permission entry
 * ({@code resolver.RBACForClusterServiceVersion}, through {@code generateName}), which bundlectl
 * does not reproduce (docs/semantics.md §6): its plan has OLM's shape of name with another suffix.
 * An adoption takes over the objects OLM made, so each generated step is matched, by content, with
 * the live object OLM labelled as the CSV's ({@code olm.owner}, {@code olm.owner.namespace}): a
 * role by its rules, a binding by the role it binds (as matched) and its subjects. A step nothing
 * matches keeps its name; the comparison then shows it as missing from the cluster.
 */
final class GeneratedRbacNames {

    private static final int PAGE = 100;
    private static final List<String> RULE_FIELDS = List.of("verbs", "apiGroups", "resources", "resourceNames",
            "nonResourceURLs");

    private final KubeApi api;

    GeneratedRbacNames(KubeApi api) {
        this.api = Objects.requireNonNull(api, "api");
    }

    /** {@code planned} with each generated RBAC step named as OLM named its object for {@code csv}. */
    Future<PlannedInstall> matched(PlannedInstall planned, OlmCsv csv) {
        String selector = OlmInstallPlanRbac.OWNER + "=" + csv.name() + "," + OlmInstallPlanRbac.OWNER_NAMESPACE + "="
                + csv.namespace();
        Future<List<ObjectNode>> roles = list(OlmApis.ROLES, csv.namespace(), selector);
        Future<List<ObjectNode>> bindings = list(OlmApis.ROLE_BINDINGS, csv.namespace(), selector);
        Future<List<ObjectNode>> clusterRoles = list(OlmApis.CLUSTER_ROLES, null, selector);
        Future<List<ObjectNode>> clusterBindings = list(OlmApis.CLUSTER_ROLE_BINDINGS, null, selector);
        return Future.all(roles, bindings, clusterRoles, clusterBindings).map(all -> {
            Map<String, List<ObjectNode>> live = new LinkedHashMap<>();
            live.put("Role", roles.result());
            live.put("RoleBinding", bindings.result());
            live.put("ClusterRole", clusterRoles.result());
            live.put("ClusterRoleBinding", clusterBindings.result());
            return renamed(planned, csv.name(), live);
        });
    }

    private Future<List<ObjectNode>> list(ApiResource type, String namespace, String selector) {
        return api.listAll(type, namespace, selector, PAGE);
    }

    /** The plan with its generated RBAC named after {@code live}, by kind; roles first, so bindings follow them. */
    static PlannedInstall renamed(PlannedInstall planned, String csvName, Map<String, List<ObjectNode>> live) {
        List<PlannedStep> steps = new ArrayList<>(planned.steps());
        Map<String, String> roleNames = new LinkedHashMap<>();
        Set<String> used = new HashSet<>();
        for (String kind : List.of("Role", "ClusterRole", "RoleBinding", "ClusterRoleBinding")) {
            for (int index = 0; index < steps.size(); index++) {
                PlannedStep step = steps.get(index);
                StepResource resource = step.step().resource();
                if (!kind.equals(resource.kind()) || !OlmInstallPlanRbac.ownedBy(step.object(), csvName)) {
                    continue;
                }
                boolean binding = kind.endsWith("Binding");
                ObjectNode wanted = step.object().deepCopy();
                if (binding) {
                    String role = wanted.path("roleRef").path("name").asText();
                    ((ObjectNode) wanted.path("roleRef")).put("name", roleNames.getOrDefault(
                            wanted.path("roleRef").path("kind").asText() + "/" + role, role));
                }
                for (ObjectNode candidate : live.getOrDefault(kind, List.of())) {
                    String name = candidate.path("metadata").path("name").asText();
                    if (!used.contains(kind + "/" + name) && (binding ? sameBinding(wanted, candidate)
                            : sameRules(wanted, candidate))) {
                        used.add(kind + "/" + name);
                        if (!binding) {
                            roleNames.put(kind + "/" + resource.name(), name);
                        }
                        steps.set(index, named(step, wanted, name));
                        break;
                    }
                }
            }
        }
        if (steps.equals(planned.steps())) {
            return planned;
        }
        InstallPlan plan = planned.plan();
        List<Step> documentSteps = steps.stream().map(PlannedStep::step).toList();
        InstallPlan.Status status = plan.status();
        InstallPlan renamedPlan = plan.withStatus(new InstallPlan.Status(status.phase(), status.conditions(),
                documentSteps, status.startTime(), status.completionTime(), status.message(), status.capabilities(),
                status.dependencies()));
        return PlannedInstall.of(renamedPlan, steps);
    }

    private static PlannedStep named(PlannedStep step, ObjectNode object, String name) {
        ((ObjectNode) object.path("metadata")).put("name", name);
        StepResource resource = step.step().resource();
        StepResource renamed = new StepResource(resource.group(), resource.version(), resource.kind(), name,
                resource.namespace(), resource.sourceName(), resource.sourceNamespace(), JsonTrees.compact(object));
        return new PlannedStep(step.step().withResource(renamed), object, step.source());
    }

    private static boolean sameRules(JsonNode planned, JsonNode live) {
        return rules(planned.path("rules")).equals(rules(live.path("rules")));
    }

    private static boolean sameBinding(JsonNode planned, JsonNode live) {
        JsonNode wantedRef = planned.path("roleRef");
        JsonNode liveRef = live.path("roleRef");
        return wantedRef.path("kind").asText().equals(liveRef.path("kind").asText())
                && wantedRef.path("name").asText().equals(liveRef.path("name").asText())
                && subjects(planned.path("subjects")).equals(subjects(live.path("subjects")));
    }

    /** Rules as the API server keeps them: the five lists, empty ones left out. */
    private static List<Map<String, List<String>>> rules(JsonNode rules) {
        List<Map<String, List<String>>> canonical = new ArrayList<>();
        for (JsonNode rule : rules) {
            Map<String, List<String>> fields = new TreeMap<>();
            for (String field : RULE_FIELDS) {
                List<String> values = new ArrayList<>();
                rule.path(field).forEach(value -> values.add(value.asText()));
                if (!values.isEmpty()) {
                    fields.put(field, values);
                }
            }
            canonical.add(fields);
        }
        return canonical;
    }

    private static List<String> subjects(JsonNode subjects) {
        List<String> canonical = new ArrayList<>();
        for (JsonNode subject : subjects) {
            canonical.add(subject.path("kind").asText() + "/" + subject.path("namespace").asText() + "/"
                    + subject.path("name").asText());
        }
        return canonical;
    }
}
