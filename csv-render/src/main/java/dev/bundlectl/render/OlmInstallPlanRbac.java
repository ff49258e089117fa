package dev.bundlectl.render;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.Manifest;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The ServiceAccounts and RBAC that OLM's own InstallPlan creates for a CSV in OLM mode, before
 * OLM's olm-operator checks the CSV's requirements (docs/semantics.md §6):
 * <ul>
 *   <li>a ServiceAccount for each account named in {@code permissions} or
 *       {@code clusterPermissions}, unless the bundle ships it;</li>
 *   <li>for each {@code permissions} entry, a Role and a RoleBinding in the install namespace,
 *       named {@code <csv>-<account>-<hash>};</li>
 *   <li>for each {@code clusterPermissions} entry, a ClusterRole and a ClusterRoleBinding, named
 *       {@code <csv>-<hash>}.</li>
 * </ul>
 * One role per entry, as OLM makes them (render mode merges entries instead, since it has no OLM
 * to compare with). Each object carries OLM's labels ({@code olm.managed: "true"}, which OLM's
 * watches select on, and the owner labels {@code olm.owner}, {@code olm.owner.kind},
 * {@code olm.owner.namespace}); the hash is a stable digest of the CSV's
 * name (and namespace, for cluster roles) and the entry, so a re-run names the same objects. It is
 * OLM's shape of name, not OLM's exact digest, which hashes Go's in-memory form of the entry.
 * There are no owner references: the CSV does not exist yet when they are created, and the
 * install record is what uninstall follows.
 */
public final class OlmInstallPlanRbac {

    /**
     * The label on everything OLM creates. Its olm-operator watches only objects that carry it: a
     * Role without it is invisible when OLM lifts an AllNamespaces operator's Roles to ClusterRoles.
     */
    public static final String MANAGED = "olm.managed";
    /** OLM's owner label: the owning CSV's name. */
    public static final String OWNER = "olm.owner";
    /** OLM's owner label: the owner's kind. */
    public static final String OWNER_KIND = "olm.owner.kind";
    /** OLM's owner label: the owner's namespace. */
    public static final String OWNER_NAMESPACE = "olm.owner.namespace";

    private static final String CORE_API = "v1";
    private static final int MAX_NAME = 63;
    /** The alphabet Kubernetes' name generator encodes with: no vowels, no look-alike digits. */
    private static final String SAFE_ALPHABET = "bcdfghjklmnpqrstvwxz2456789";

    private OlmInstallPlanRbac() {
    }

    /**
     * The objects, in OLM's order: per service account in order of first mention, the account,
     * its Roles, RoleBindings, ClusterRoles and ClusterRoleBindings. A permission entry that
     * cannot be read (no service account name, rules that are not a list) is left out; the CSV's
     * own schema check reports it.
     *
     * @param csv the bundle's CSV
     * @param namespace the install namespace
     * @param shippedServiceAccounts the ServiceAccounts the bundle itself ships, which are not repeated
     */
    public static List<RenderedObject> of(Manifest csv, String namespace, Set<String> shippedServiceAccounts) {
        CsvSpec spec = CsvSpecReader.read(csv, new RenderProblems());
        // OLM's owner labels only: render mode's bundlectl labels would tell OLM's own views nothing.
        RenderContext context = new RenderContext(spec, new ResolvedInstallMode(InstallModeType.OWN_NAMESPACE,
                namespace, List.of(namespace)), ownerLabels(csv.name(), namespace));
        Map<String, List<RenderedObject>> byAccount = new LinkedHashMap<>();
        Map<String, List<RenderedObject>> bindings = new LinkedHashMap<>();
        Map<String, List<RenderedObject>> clusterRoles = new LinkedHashMap<>();
        Map<String, List<RenderedObject>> clusterBindings = new LinkedHashMap<>();
        for (StrategyPermission permission : spec.permissions()) {
            String account = permission.serviceAccountName();
            String name = generateName(csv.name() + "-" + account, csv.name() + "\n" + canonical(permission));
            byAccount.computeIfAbsent(account, a -> new ArrayList<>()).add(context.namespacedIn(namespace,
                    RbacRenderer.RBAC_API, "Role", name, body -> body.set("rules", permission.rules().deepCopy())));
            bindings.computeIfAbsent(account, a -> new ArrayList<>()).add(context.namespacedIn(namespace,
                    RbacRenderer.RBAC_API, "RoleBinding", name, body -> bind(body, "Role", name, account, namespace)));
        }
        for (StrategyPermission permission : spec.clusterPermissions()) {
            String account = permission.serviceAccountName();
            String name = generateName(csv.name(), csv.name() + "\n" + namespace + "\n" + canonical(permission));
            byAccount.computeIfAbsent(account, a -> new ArrayList<>());
            clusterRoles.computeIfAbsent(account, a -> new ArrayList<>()).add(context.clusterScoped(
                    RbacRenderer.RBAC_API, "ClusterRole", name, body -> body.set("rules", permission.rules().deepCopy())));
            clusterBindings.computeIfAbsent(account, a -> new ArrayList<>()).add(context.clusterScoped(
                    RbacRenderer.RBAC_API, "ClusterRoleBinding", name,
                    body -> bind(body, "ClusterRole", name, account, namespace)));
        }
        List<RenderedObject> objects = new ArrayList<>();
        for (Map.Entry<String, List<RenderedObject>> entry : byAccount.entrySet()) {
            String account = entry.getKey();
            if (!shippedServiceAccounts.contains(account)) {
                objects.add(context.namespacedIn(namespace, CORE_API, "ServiceAccount", account, body -> { }));
            }
            objects.addAll(entry.getValue());
            objects.addAll(bindings.getOrDefault(account, List.of()));
            objects.addAll(clusterRoles.getOrDefault(account, List.of()));
            objects.addAll(clusterBindings.getOrDefault(account, List.of()));
        }
        return objects;
    }

    /** Whether this object carries OLM's owner label for this CSV. */
    public static boolean ownedBy(ObjectNode body, String csvName) {
        return csvName.equals(body.path("metadata").path("labels").path(OWNER).asText(null));
    }

    /**
     * {@code base-hash}, the base cut so that the whole fits a 63-character label, as OLM's
     * resolver names RBAC: the hash is FNV-1a (32 bits) of the input, its decimal digits mapped
     * onto Kubernetes' safe alphabet.
     */
    static String generateName(String base, String hashInput) {
        int hash = 0x811c9dc5;
        for (byte b : hashInput.getBytes(StandardCharsets.UTF_8)) {
            hash ^= b & 0xff;
            hash *= 0x01000193;
        }
        String digits = Integer.toUnsignedString(hash);
        StringBuilder encoded = new StringBuilder(digits.length());
        for (int i = 0; i < digits.length(); i++) {
            encoded.append(SAFE_ALPHABET.charAt(digits.charAt(i) % SAFE_ALPHABET.length()));
        }
        String cut = base.length() + encoded.length() > MAX_NAME ? base.substring(0, MAX_NAME - encoded.length() - 1)
                : base;
        // A cut may end on '-' or '.'; the joining '-' then doubles, which a name allows.
        return cut + "-" + encoded;
    }

    /** The entry as a stable text: its account and its rules as the CSV writes them. */
    private static String canonical(StrategyPermission permission) {
        return permission.serviceAccountName() + "\n" + permission.rules().toString();
    }

    private static Map<String, String> ownerLabels(String csvName, String namespace) {
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put(MANAGED, "true");
        labels.put(OWNER, csvName);
        labels.put(OWNER_KIND, "ClusterServiceVersion");
        labels.put(OWNER_NAMESPACE, namespace);
        return labels;
    }

    private static void bind(ObjectNode body, String roleKind, String roleName, String serviceAccount,
            String namespace) {
        ObjectNode roleRef = body.putObject("roleRef");
        roleRef.put("apiGroup", "rbac.authorization.k8s.io");
        roleRef.put("kind", roleKind);
        roleRef.put("name", roleName);
        ArrayNode subjects = body.putArray("subjects");
        ObjectNode subject = subjects.addObject();
        subject.put("kind", "ServiceAccount");
        subject.put("name", serviceAccount);
        subject.put("namespace", namespace);
    }
}
