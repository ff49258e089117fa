package dev.bundlectl.executor.access;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.plan.api.ApiResource;
import dev.bundlectl.plan.api.CrdApiResources;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepAction;
import dev.bundlectl.plan.model.StepResource;
import dev.bundlectl.plan.planned.PlannedInstall;
import dev.bundlectl.plan.planned.PlannedStep;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The least RBAC that lets an installer account install, upgrade and uninstall exactly one planned
 * bundle in one namespace ({@code bundlectl plan --installer-rbac}, docs/controller.md "An
 * installer account for a team"): every request those operations make on the plan's objects, by
 * name wherever Kubernetes honours a name; the operation's own requests (install records, the
 * lock, OLM's and OpenShift's reads); and the rights the bundle's own Roles and ClusterRoles grant.
 *
 * <p><b>Why the installer holds what the bundle grants, rather than {@code escalate} and
 * {@code bind}.</b> The API server lets an identity create a Role only if it holds every right the
 * Role grants, or has {@code escalate} on it, and bind a role only if it holds the role's rights,
 * or has {@code bind} on it. {@code escalate} on a Role's name lets its holder write any rule into
 * that Role, and {@code bind} lets it bind that Role to itself: together they are every right in
 * the cluster, whatever names they are limited to. Holding the bundle's own rules gives the
 * installer exactly what the bundle gives its operator, and nothing a changed bundle could widen
 * without a new RBAC review. Each of the bundle's bindings is allowed by {@code bind} on the one
 * role it references: for a role the bundle ships that adds nothing to holding the role's rules,
 * and lets the server judge the binding before the role exists (a dry run, an apply that comes
 * first); for a role it does not ship (a built-in ClusterRole such as {@code view}), whose rules
 * are not known offline, binding it grants no more than that role holds.
 */
public final class InstallerRbac {

    /** The purpose of rights the installer holds only so that it may grant them. */
    static final String GRANTED = "granted by the bundle's ";

    private final PlannedInstall planned;
    private final Function<StepResource, Optional<ApiResource>> resources;
    private final String namespace;
    private final List<RequiredAccess> needed = new ArrayList<>();
    private final Map<String, List<JsonNode>> namespacedGrants = new LinkedHashMap<>();
    private final Map<String, List<JsonNode>> clusterGrants = new LinkedHashMap<>();
    private final List<String> unresolved = new ArrayList<>();

    /**
     * @param planned the plan, first install or upgrade, as {@code plan} made it
     * @param resources the served resource of each step's kind (the planning surface, with the
     *     bundle's CRDs)
     * @param namespace the install namespace
     * @param operation the operation's own requests ({@link OperationAccess})
     */
    public InstallerRbac(PlannedInstall planned, Function<StepResource, Optional<ApiResource>> resources,
            String namespace, List<RequiredAccess> operation) {
        this.planned = planned;
        this.resources = resources;
        this.namespace = namespace;
        needed.addAll(operation);
        for (PlannedStep step : planned.steps()) {
            add(step);
        }
        List<JsonNode> kept = pruned(clusterGrants, new ArrayList<>());
        pruned(namespacedGrants, kept);
    }

    /**
     * Leaves out of {@code grants} every rule that the rules kept so far ({@code kept}), and the
     * rules still to be judged, already allow: a rule held twice is one a cluster admin would read
     * for nothing (and, if removed, would miss nothing). Of two equal rules the later is kept.
     * Cluster-wide rules cover namespaced ones, never the other way round. Answers {@code kept}
     * with the rules kept here.
     */
    private static List<JsonNode> pruned(Map<String, List<JsonNode>> grants, List<JsonNode> kept) {
        List<JsonNode> pending = new ArrayList<>();
        grants.values().forEach(pending::addAll);
        for (Map.Entry<String, List<JsonNode>> grant : grants.entrySet()) {
            List<JsonNode> needed = new ArrayList<>();
            for (JsonNode rule : grant.getValue()) {
                pending.remove(0);
                List<JsonNode> others = new ArrayList<>(kept);
                others.addAll(pending);
                if (!GrantedRules.cover(others, rule)) {
                    needed.add(rule);
                    kept.add(rule);
                }
            }
            grant.setValue(needed);
        }
        grants.values().removeIf(List::isEmpty);
        return kept;
    }

    /** Every request the operations make, in plan order, the operation's own first. */
    public List<RequiredAccess> requests() {
        return List.copyOf(needed);
    }

    /** By the bundle object that grants them, the rules the installer must hold in the namespace. */
    public Map<String, List<JsonNode>> namespacedGrants() {
        return Map.copyOf(namespacedGrants);
    }

    /** By the bundle object that grants them, the rules the installer must hold cluster-wide. */
    public Map<String, List<JsonNode>> clusterGrants() {
        return Map.copyOf(clusterGrants);
    }

    /** The steps whose kind no surface serves: their rights cannot be written, and the install will meet them as it is. */
    public List<String> unresolved() {
        return List.copyOf(unresolved);
    }

    private void add(PlannedStep planned) {
        Step step = planned.step();
        if (step.action() == StepAction.KEEP) {
            // An upgrade leaves the previous CSV to OLM; should it still be there, uninstall removes it.
            resources.apply(step.resource()).ifPresent(type -> uninstallOf(step.resource(), type,
                    type.namespaced() ? namespace : null).forEach(request -> needed.add(new RequiredAccess(request,
                            step.resource().displayName() + " (kept by the upgrade; removed by uninstall)"))));
            return;
        }
        if (step.status().isNeverSent()) {
            return;
        }
        StepResource resource = step.resource();
        Optional<ApiResource> type = resources.apply(resource).or(() -> definedByPlan(resource));
        if (type.isEmpty()) {
            unresolved.add(resource.displayName());
            return;
        }
        String purpose = resource.displayName();
        String ns = type.get().namespaced() ? namespace : null;
        StepRequests.of(step, planned.object(), type.get(), ns)
                .forEach(request -> needed.add(new RequiredAccess(request, purpose)));
        if (step.action() != StepAction.DELETE) {
            uninstallOf(resource, type.get(), ns).forEach(request -> needed.add(new RequiredAccess(request, purpose)));
            grantsOf(resource, planned.object(), purpose);
        }
        if (resource.groupKind().isCrd()) {
            // An upgrade checks the existing custom resources against a changed schema: it lists them everywhere.
            for (ApiResource served : CrdApiResources.fromCrd(planned.object())) {
                needed.add(new RequiredAccess(new AccessRequest("list", served.group(), served.plural(), null, null),
                        purpose + " (its custom resources, checked before an upgrade changes the schema)"));
            }
        }
    }

    /**
     * What uninstalling the object takes: reading it (its uid and owners) and deleting it. A CRD is
     * kept by default (its custom resources would go with it), so it is read, and its owner entry
     * released with the patch it is applied with, but never deleted.
     */
    private static List<AccessRequest> uninstallOf(StepResource resource, ApiResource type, String namespace) {
        String name = resource.name();
        List<AccessRequest> requests = new ArrayList<>();
        requests.add(new AccessRequest("get", type.group(), type.plural(), namespace, name));
        if (!resource.groupKind().isCrd()) {
            requests.add(new AccessRequest("delete", type.group(), type.plural(), namespace, name));
        }
        return requests;
    }

    /** The rules a bundle Role or ClusterRole grants, and the bind a binding to a role from elsewhere needs. */
    private void grantsOf(StepResource resource, JsonNode object, String purpose) {
        if (!"rbac.authorization.k8s.io".equals(resource.group())) {
            return;
        }
        switch (resource.kind()) {
            case "Role" -> namespacedGrants.put(GRANTED + purpose, rules(object));
            case "ClusterRole" -> clusterGrants.put(GRANTED + purpose, rules(object));
            case "RoleBinding", "ClusterRoleBinding" -> bindOf(resource, object, purpose);
            default -> {
                // Not an RBAC object that grants anything.
            }
        }
    }

    /**
     * A binding's {@code bind} on the role it references, by name. For a role the bundle ships it adds
     * nothing to what holding that role's rules allows, but it lets the API server judge the binding
     * without reading the role, which a dry run before the role exists, or an apply that comes
     * first, could not.
     */
    private void bindOf(StepResource binding, JsonNode object, String purpose) {
        JsonNode roleRef = object.path("roleRef");
        String kind = roleRef.path("kind").asText();
        String name = roleRef.path("name").asText();
        if (name.isEmpty()) {
            return;
        }
        // A RoleBinding grants its role's rights in its namespace only; a ClusterRoleBinding everywhere.
        String scope = "ClusterRoleBinding".equals(binding.kind()) ? null : namespace;
        needed.add(new RequiredAccess(new AccessRequest("bind", "rbac.authorization.k8s.io",
                "Role".equals(kind) ? "roles" : "clusterroles", scope, name), purpose + " (binds " + kind + " " + name + ")"));
    }

    private static List<JsonNode> rules(JsonNode role) {
        List<JsonNode> rules = new ArrayList<>();
        role.path("rules").forEach(rules::add);
        return rules;
    }

    private Optional<ApiResource> definedByPlan(StepResource resource) {
        return PlanCrds.served(planned, resource.group(), resource.kind());
    }
}
