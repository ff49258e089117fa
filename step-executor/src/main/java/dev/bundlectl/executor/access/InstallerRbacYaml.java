package dev.bundlectl.executor.access;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.bundle.yaml.Mappers;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * {@link InstallerRbac} as YAML ready for {@code kubectl apply}: a ServiceAccount, a Role and a
 * RoleBinding in the install namespace, a ClusterRole and a ClusterRoleBinding for what is
 * cluster-wide. Every rule says, in a comment above it, what it is for. Verbs on one object are
 * granted on that object's name; a verb the installer needs on any name of a resource (a create by
 * POST, a list, the install records) makes the same verb on named objects of that resource
 * redundant, and it is left out there.
 */
public final class InstallerRbacYaml {

    /** The verbs in the order Kubernetes documents them, which the rules keep. */
    private static final List<String> VERB_ORDER = List.of("get", "list", "watch", "create", "update", "patch",
            "delete", "deletecollection", "bind", "escalate", "impersonate");

    private InstallerRbacYaml() {
    }

    /**
     * The documents.
     *
     * @param rbac what the installer needs
     * @param namespace the install namespace, where the account lives
     * @param account the ServiceAccount's name (also the Role's and RoleBinding's)
     * @param header comment lines to open the output with (what made it, for which bundle)
     */
    public static String write(InstallerRbac rbac, String namespace, String account, List<String> header) {
        StringBuilder yaml = new StringBuilder();
        header.forEach(line -> yaml.append("# ").append(line).append('\n'));
        String clusterName = clusterRoleName(namespace, account);
        yaml.append("apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: ").append(quote(account))
                .append("\n  namespace: ").append(quote(namespace)).append('\n');
        List<JsonNode> everywhere = new ArrayList<>();
        rbac.clusterGrants().values().forEach(everywhere::addAll);
        List<JsonNode> inNamespace = new ArrayList<>(everywhere);
        rbac.namespacedGrants().values().forEach(inNamespace::addAll);
        List<Rule> namespaced = rules(rbac.requests(), true, inNamespace);
        List<Rule> cluster = rules(rbac.requests(), false, everywhere);
        document(yaml, "Role", account, namespace, namespaced, rbac.namespacedGrants());
        binding(yaml, "RoleBinding", account, namespace, "Role", account, namespace);
        if (!cluster.isEmpty() || !rbac.clusterGrants().isEmpty()) {
            document(yaml, "ClusterRole", clusterName, null, cluster, rbac.clusterGrants());
            binding(yaml, "ClusterRoleBinding", clusterName, null, "ClusterRole", account, namespace);
        }
        return yaml.toString();
    }

    /** The ClusterRole (and its binding) of the installer {@code account} of {@code namespace}. */
    public static String clusterRoleName(String namespace, String account) {
        return "bundlectl-installer:" + namespace + ":" + account;
    }

    /** One RBAC rule: verbs on a resource of a group, on some names or any. */
    private record Rule(String group, String resource, List<String> names, Set<String> verbs, Set<String> purposes) {
    }

    /**
     * The rules for the requests of one scope that the bundle's own grants, which the installer
     * holds anyway, do not already allow: a rule the installer would need to hold twice is one a
     * cluster admin would read, and remove, for nothing.
     */
    private static List<Rule> rules(List<RequiredAccess> requests, boolean namespaced, List<JsonNode> granted) {
        // (group, resource) -> name ("" for any) -> verbs, with the purposes of each
        Map<String, Map<String, Set<String>>> verbs = new TreeMap<>();
        Map<String, Set<String>> purposes = new LinkedHashMap<>();
        for (RequiredAccess need : requests) {
            AccessRequest request = need.request();
            if ((request.namespace() != null) != namespaced || GrantedRules.allow(granted, request)) {
                continue;
            }
            String key = request.group() + "\u0000" + request.resource();
            String name = request.name() == null ? "" : request.name();
            verbs.computeIfAbsent(key, k -> new TreeMap<>()).computeIfAbsent(name, n -> new TreeSet<>())
                    .add(request.verb());
            purposes.computeIfAbsent(key + "\u0000" + name, k -> new LinkedHashSet<>()).add(need.purpose());
        }
        List<Rule> rules = new ArrayList<>();
        verbs.forEach((key, byName) -> {
            String[] parts = key.split("\u0000", -1);
            Set<String> anyName = byName.getOrDefault("", Set.of());
            if (!anyName.isEmpty()) {
                rules.add(new Rule(parts[0], parts[1], List.of(), ordered(anyName), purposes.get(key + "\u0000")));
            }
            // Named objects of this resource, grouped by the verbs a grant for any name does not already give.
            Map<Set<String>, List<String>> namesByVerbs = new LinkedHashMap<>();
            Map<Set<String>, Set<String>> purposesByVerbs = new LinkedHashMap<>();
            byName.forEach((name, named) -> {
                if (name.isEmpty()) {
                    return;
                }
                Set<String> left = ordered(named);
                left.removeAll(anyName);
                if (!left.isEmpty()) {
                    namesByVerbs.computeIfAbsent(left, v -> new ArrayList<>()).add(name);
                    purposesByVerbs.computeIfAbsent(left, v -> new LinkedHashSet<>())
                            .addAll(purposes.get(key + "\u0000" + name));
                }
            });
            namesByVerbs.forEach((named, names) -> rules.add(new Rule(parts[0], parts[1], names, named,
                    purposesByVerbs.get(named))));
        });
        return rules;
    }

    private static Set<String> ordered(Set<String> verbs) {
        Set<String> sorted = new TreeSet<>(Comparator.comparingInt((String verb) -> {
            int at = VERB_ORDER.indexOf(verb);
            return at < 0 ? VERB_ORDER.size() : at;
        }).thenComparing(Comparator.naturalOrder()));
        sorted.addAll(verbs);
        return sorted;
    }

    private static void document(StringBuilder yaml, String kind, String name, String namespace, List<Rule> rules,
            Map<String, List<JsonNode>> grants) {
        yaml.append("---\napiVersion: rbac.authorization.k8s.io/v1\nkind: ").append(kind).append("\nmetadata:\n  name: ")
                .append(quote(name)).append('\n');
        if (namespace != null) {
            yaml.append("  namespace: ").append(quote(namespace)).append('\n');
        }
        yaml.append("  labels: {app.kubernetes.io/managed-by: bundlectl}\nrules:");
        if (rules.isEmpty() && grants.isEmpty()) {
            yaml.append(" []\n");
            return;
        }
        yaml.append('\n');
        for (Rule rule : rules) {
            yaml.append("# ").append(purposeLine(rule.purposes())).append('\n');
            yaml.append("- apiGroups: [").append(quote(rule.group())).append("]\n  resources: [")
                    .append(quote(rule.resource())).append("]\n");
            if (!rule.names().isEmpty()) {
                yaml.append("  resourceNames: ").append(list(rule.names())).append('\n');
            }
            yaml.append("  verbs: ").append(list(new ArrayList<>(rule.verbs()))).append('\n');
        }
        grants.forEach((from, granted) -> {
            yaml.append("# ").append(from).append(": the installer holds what it grants\n");
            granted.forEach(grant -> yaml.append("- ").append(json(grant)).append('\n'));
        });
    }

    private static void binding(StringBuilder yaml, String kind, String name, String namespace, String roleKind,
            String account, String accountNamespace) {
        yaml.append("---\napiVersion: rbac.authorization.k8s.io/v1\nkind: ").append(kind).append("\nmetadata:\n  name: ")
                .append(quote(name)).append('\n');
        if (namespace != null) {
            yaml.append("  namespace: ").append(quote(namespace)).append('\n');
        }
        yaml.append("  labels: {app.kubernetes.io/managed-by: bundlectl}\n")
                .append("roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ").append(roleKind).append(", name: ")
                .append(quote(name)).append("}\nsubjects:\n- {kind: ServiceAccount, name: ").append(quote(account))
                .append(", namespace: ").append(quote(accountNamespace)).append("}\n");
    }

    private static String purposeLine(Set<String> purposes) {
        List<String> all = new ArrayList<>(purposes);
        int shown = Math.min(all.size(), 3);
        String line = String.join(", ", all.subList(0, shown));
        return all.size() > shown ? line + " and " + (all.size() - shown) + " more" : line;
    }

    private static String list(List<String> values) {
        List<String> quoted = new ArrayList<>();
        values.forEach(value -> quoted.add(quote(value)));
        return "[" + String.join(", ", quoted) + "]";
    }

    /** A JSON string, which YAML reads as the same string whatever it holds. */
    private static String quote(String value) {
        return json(com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.textNode(Objects.requireNonNull(value, "value")));
    }

    private static String json(JsonNode node) {
        try {
            return Mappers.json().writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
