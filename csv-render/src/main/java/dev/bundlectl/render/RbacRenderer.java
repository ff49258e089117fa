package dev.bundlectl.render;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The RBAC OLM grants a CSV's service accounts, scoped to the install mode:
 * <ul>
 *   <li>{@code clusterPermissions}: a ClusterRole and ClusterRoleBinding per service account;</li>
 *   <li>{@code permissions} in AllNamespaces mode: lifted to a ClusterRole and ClusterRoleBinding,
 *       with read access to namespaces added, as OLM's operator-group controller does;</li>
 *   <li>{@code permissions} otherwise: a Role and RoleBinding in the operator namespace (OLM
 *       always creates them there) and in every other target namespace.</li>
 * </ul>
 * Entries for the same service account are merged into one role: rules only add up, and one
 * role per account keeps names stable when a new version splits or joins entries.
 */
final class RbacRenderer {

    static final String RBAC_API = "rbac.authorization.k8s.io/v1";
    private static final String RBAC_GROUP = "rbac.authorization.k8s.io";
    /** Where the name hash says the rules come from, so the two kinds of entry never share a name. */
    private static final String FROM_PERMISSIONS = "permissions";
    private static final String FROM_CLUSTER_PERMISSIONS = "clusterPermissions";

    private RbacRenderer() {
    }

    static List<RenderedObject> render(RenderContext context) {
        List<RenderedObject> objects = new ArrayList<>();
        Map<String, ArrayNode> namespaced = rulesByServiceAccount(context.csv().permissions());
        for (Map.Entry<String, ArrayNode> entry : namespaced.entrySet()) {
            String name = name(context, entry.getKey(), FROM_PERMISSIONS);
            if (context.mode().allNamespaces()) {
                ArrayNode rules = entry.getValue().deepCopy();
                rules.add(namespaceViewRule());
                objects.addAll(clusterRoleAndBinding(context, name, entry.getKey(), rules));
            } else {
                for (String namespace : context.mode().roleNamespaces()) {
                    objects.addAll(roleAndBinding(context, namespace, name, entry.getKey(), entry.getValue()));
                }
            }
        }
        Map<String, ArrayNode> clusterWide = rulesByServiceAccount(context.csv().clusterPermissions());
        for (Map.Entry<String, ArrayNode> entry : clusterWide.entrySet()) {
            String name = name(context, entry.getKey(), FROM_CLUSTER_PERMISSIONS);
            objects.addAll(clusterRoleAndBinding(context, name, entry.getKey(), entry.getValue()));
        }
        return objects;
    }

    private static String name(RenderContext context, String serviceAccount, String source) {
        return RenderNames.rbac(context.csv().baseName(), serviceAccount, source, context.operatorNamespace());
    }

    private static Map<String, ArrayNode> rulesByServiceAccount(List<StrategyPermission> permissions) {
        Map<String, ArrayNode> rules = new LinkedHashMap<>();
        for (StrategyPermission permission : permissions) {
            rules.computeIfAbsent(permission.serviceAccountName(), account -> Json.array())
                    .addAll(permission.rules().deepCopy());
        }
        return rules;
    }

    private static List<RenderedObject> roleAndBinding(RenderContext context, String namespace, String name,
            String serviceAccount, ArrayNode rules) {
        return List.of(
                context.namespacedIn(namespace, RBAC_API, "Role", name, body -> body.set("rules", rules.deepCopy())),
                context.namespacedIn(namespace, RBAC_API, "RoleBinding", name,
                        body -> bind(body, context, "Role", name, serviceAccount)));
    }

    private static List<RenderedObject> clusterRoleAndBinding(RenderContext context, String name,
            String serviceAccount, ArrayNode rules) {
        return List.of(
                context.clusterScoped(RBAC_API, "ClusterRole", name, body -> body.set("rules", rules.deepCopy())),
                context.clusterScoped(RBAC_API, "ClusterRoleBinding", name,
                        body -> bind(body, context, "ClusterRole", name, serviceAccount)));
    }

    private static void bind(ObjectNode body, RenderContext context, String roleKind, String roleName,
            String serviceAccount) {
        ObjectNode roleRef = body.putObject("roleRef");
        roleRef.put("apiGroup", RBAC_GROUP);
        roleRef.put("kind", roleKind);
        roleRef.put("name", roleName);
        ObjectNode subject = body.putArray("subjects").addObject();
        subject.put("kind", "ServiceAccount");
        subject.put("name", serviceAccount);
        subject.put("namespace", context.operatorNamespace());
    }

    private static ObjectNode namespaceViewRule() {
        ObjectNode rule = Json.object();
        rule.set("apiGroups", Json.strings(List.of("")));
        rule.set("resources", Json.strings(List.of("namespaces")));
        rule.set("verbs", Json.strings(List.of("get", "list", "watch")));
        return rule;
    }
}
