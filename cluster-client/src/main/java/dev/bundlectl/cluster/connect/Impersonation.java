package dev.bundlectl.cluster.connect;

import io.fabric8.kubernetes.client.Config;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Whom the API server is to take a connection's requests as: kubectl's {@code --as},
 * {@code --as-group} and {@code --as-uid}, a kubeconfig user's {@code as}, {@code as-groups} and
 * {@code as-user-extra}, or the ServiceAccount a BundleInstall names. The server first checks that
 * the connection's own credentials may impersonate that identity, then authorizes every request
 * as that identity alone, so bundlectl acts with its rights and never with its own
 * (docs/semantics.md §7).
 *
 * @param user the user name to act as, or null for no impersonation
 * @param groups the groups to act in (empty: the server's own choice, which for a ServiceAccount is
 *     its groups)
 * @param uid the user's uid, or null
 * @param extra extra fields of the user, by key
 */
public record Impersonation(String user, List<String> groups, String uid, Map<String, List<String>> extra) {

    /** No impersonation: requests act as the credentials themselves. */
    public static final Impersonation NONE = new Impersonation(null, List.of(), null, Map.of());

    private static final String SERVICE_ACCOUNT_PREFIX = "system:serviceaccount:";

    /**
     * Checks kubectl's rule: groups, a uid or extra fields are only ever sent with a user.
     *
     * @throws IllegalArgumentException when they come without one
     */
    public Impersonation {
        user = blankToNull(user);
        uid = blankToNull(uid);
        groups = List.copyOf(groups == null ? List.of() : groups);
        Map<String, List<String>> copy = new LinkedHashMap<>();
        if (extra != null) {
            extra.forEach((key, values) -> copy.put(key, List.copyOf(values == null ? List.of() : values)));
        }
        extra = Map.copyOf(copy);
        if (user == null && (!groups.isEmpty() || uid != null || !extra.isEmpty())) {
            throw new IllegalArgumentException("impersonating groups, a uid or extra fields needs a user to act as "
                    + "(--as), as kubectl requires");
        }
    }

    /** Acting as the ServiceAccount {@code namespace/name}, in its own groups. */
    public static Impersonation serviceAccount(String namespace, String name) {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(name, "name");
        return new Impersonation(SERVICE_ACCOUNT_PREFIX + namespace + ":" + name, List.of(), null, Map.of());
    }

    /**
     * The impersonation fabric8 has put in {@code config}: a kubeconfig user's {@code as},
     * {@code as-groups} and {@code as-user-extra}, or fabric8's own system properties.
     */
    public static Impersonation of(Config config) {
        String user = config.getImpersonateUsername();
        if (user == null || user.isBlank()) {
            return NONE;
        }
        String[] groups = config.getImpersonateGroups();
        return new Impersonation(user, groups == null ? List.of() : Arrays.asList(groups), null,
                config.getImpersonateExtras());
    }

    /** Whether requests act as the credentials themselves. */
    public boolean none() {
        return user == null;
    }

    /**
     * This impersonation with every field {@code overrides} sets put over it, field by field, as
     * kubectl puts {@code --as}, {@code --as-group} and {@code --as-uid} over a kubeconfig's.
     */
    public Impersonation overriddenBy(Impersonation overrides) {
        return new Impersonation(
                overrides.user != null ? overrides.user : user,
                !overrides.groups.isEmpty() ? overrides.groups : groups,
                overrides.uid != null ? overrides.uid : uid,
                !overrides.extra.isEmpty() ? overrides.extra : extra);
    }

    /** The user name a message calls the identity by, with its groups; "the credentials' own identity" when none. */
    public String describe() {
        if (user == null) {
            return "the credentials' own identity";
        }
        List<String> parts = new ArrayList<>();
        if (!groups.isEmpty()) {
            parts.add("groups " + String.join(", ", groups));
        }
        if (uid != null) {
            parts.add("uid " + uid);
        }
        return parts.isEmpty() ? user : user + " (" + String.join("; ", parts) + ")";
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value;
    }
}
