package dev.bundlectl.executor.ownership;

import dev.bundlectl.executor.records.ManifestDigest;
import java.util.Objects;
import java.util.Optional;

/**
 * One install as an owner of objects: a package in a namespace. What it writes carries its mark,
 * an annotation {@code <namespace>.owners.bundlectl.dev/<package>} whose value is the digest of the
 * content it applied, and every field it sets belongs to its own server-side apply field manager,
 * {@code bundlectl/<namespace>/<package>}. Installs of one package in two namespaces can so own
 * one cluster-scoped object together: each mark and each manager's fields are its own, and the
 * server keeps a field while any manager still applies it (docs/semantics.md §8).
 *
 * @param namespace the install namespace
 * @param packageName the package
 */
public record InstallOwner(String namespace, String packageName) {

    /** What every owner mark's key ends its prefix with. */
    public static final String MARK_DOMAIN = ".owners.bundlectl.dev";

    /** The field manager every bundlectl write used before installs had owners of their own. */
    public static final String LEGACY_FIELD_MANAGER = "bundlectl";

    private static final String MANAGER_PREFIX = "bundlectl/";
    // The API server refuses a longer fieldManager.
    private static final int MAX_FIELD_MANAGER = 128;

    public InstallOwner {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(packageName, "packageName");
    }

    /** The annotation key of this owner's mark. */
    public String markKey() {
        return namespace + MARK_DOMAIN + "/" + packageName;
    }

    /**
     * The server-side apply field manager of this install: {@code bundlectl/<namespace>/<package>},
     * or, when that would pass the API server's 128 characters, its first part and a digest of the
     * whole, which stays the same from run to run.
     */
    public String fieldManager() {
        String full = MANAGER_PREFIX + namespace + "/" + packageName;
        if (full.length() <= MAX_FIELD_MANAGER) {
            return full;
        }
        String digest = ManifestDigest.sha256Hex(full).substring(0, 16);
        return full.substring(0, MAX_FIELD_MANAGER - digest.length() - 1) + "~" + digest;
    }

    /** {@code the install of <package> in namespace <namespace>}, for messages. */
    public String describe() {
        return "the install of " + packageName + " in namespace " + namespace;
    }

    /** The owner a mark's annotation key names, if it is a mark's key. */
    public static Optional<InstallOwner> ofMarkKey(String key) {
        int slash = key.indexOf('/');
        if (slash < 0 || !key.substring(0, slash).endsWith(MARK_DOMAIN)) {
            return Optional.empty();
        }
        String namespace = key.substring(0, slash - MARK_DOMAIN.length());
        String packageName = key.substring(slash + 1);
        return namespace.isEmpty() || packageName.isEmpty() ? Optional.empty()
                : Optional.of(new InstallOwner(namespace, packageName));
    }

    /** Whether a server-side apply field manager is an install's (this version's or an earlier one's). */
    public static boolean isInstallManager(String manager) {
        return manager != null && (manager.startsWith(MANAGER_PREFIX) || manager.equals(LEGACY_FIELD_MANAGER));
    }
}
