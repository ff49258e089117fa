package dev.bundlectl.executor.ownership;

import dev.bundlectl.executor.records.ManifestDigest;
import java.util.Objects;
import java.util.Optional;

/**
 * One install as an owner of objects: a package in a namespace (docs/semantics.md §8). Every install
 * of a package writes as one server-side apply field manager, {@code bundlectl/<package>}
 * ({@link #fieldManager()}), and is named in its package's owner list on each object it owns, the
 * annotation {@code owners.bundlectl.dev/<package>} ({@link #listKey()}, written by {@link OwnerMarks},
 * read by {@link ObjectOwners}). Installs of one package in many namespaces so own one
 * cluster-scoped object together at the cost of a namespace name each: the server keeps a field
 * while the package's manager applies it.
 *
 * <p>Installs of the release before wrote as a field manager each, {@code bundlectl/<namespace>/<package>}
 * ({@link #earlierFieldManager()}), with a mark each, {@code <namespace>.owners.bundlectl.dev/<package>}
 * ({@link #earlierMarkKey()}); they are still read as owners, and migrated by the package's next
 * install to write the object.
 *
 * @param namespace the install namespace
 * @param packageName the package
 */
public record InstallOwner(String namespace, String packageName) {

    /** What every per-install mark's key (the release before's) ends its prefix with. */
    public static final String MARK_DOMAIN = ".owners.bundlectl.dev";

    /** What every package's owner list key starts with; the package's name follows. */
    public static final String LIST_PREFIX = "owners.bundlectl.dev/";

    /**
     * The field manager of the JSON patches that write owner lists: one {@code Update} entry in an
     * object's {@code managedFields} for every list on it, apart from every install's apply.
     */
    public static final String LISTS_FIELD_MANAGER = "bundlectl-owners";

    /** The field manager every bundlectl write used before installs had owners of their own. */
    public static final String LEGACY_FIELD_MANAGER = "bundlectl";

    private static final String MANAGER_PREFIX = "bundlectl/";
    // The API server refuses a longer fieldManager.
    private static final int MAX_FIELD_MANAGER = 128;

    public InstallOwner {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(packageName, "packageName");
    }

    /** The annotation key of this install's package's owner list: {@code owners.bundlectl.dev/<package>}. */
    public String listKey() {
        return listKey(packageName);
    }

    /** The annotation key of {@code packageName}'s owner list. */
    public static String listKey(String packageName) {
        return LIST_PREFIX + packageName;
    }

    /**
     * The server-side apply field manager of every install of this package:
     * {@code bundlectl/<package>}, or, when that would pass the API server's 128 characters, its
     * first part and a digest of the whole, which stays the same from run to run.
     */
    public String fieldManager() {
        return packageManager(packageName);
    }

    /** The field manager of every install of {@code packageName} ({@link #fieldManager()}). */
    public static String packageManager(String packageName) {
        return bounded(MANAGER_PREFIX + packageName);
    }

    /**
     * The field manager this install applied as before installs of a package shared one:
     * {@code bundlectl/<namespace>/<package>}, cut as {@link #fieldManager()} is.
     */
    public String earlierFieldManager() {
        return bounded(MANAGER_PREFIX + namespace + "/" + packageName);
    }

    /** The annotation key of this install's mark as the release before wrote it: {@code <namespace>.owners.bundlectl.dev/<package>}. */
    public String earlierMarkKey() {
        return namespace + MARK_DOMAIN + "/" + packageName;
    }

    /** {@code the install of <package> in namespace <namespace>}, for messages. */
    public String describe() {
        return "the install of " + packageName + " in namespace " + namespace;
    }

    /** The owner a per-install mark's annotation key names (the release before's), if it is one. */
    public static Optional<InstallOwner> ofEarlierMarkKey(String key) {
        int slash = key.indexOf('/');
        if (slash < 0 || !key.substring(0, slash).endsWith(MARK_DOMAIN)) {
            return Optional.empty();
        }
        String namespace = key.substring(0, slash - MARK_DOMAIN.length());
        String packageName = key.substring(slash + 1);
        return namespace.isEmpty() || packageName.isEmpty() ? Optional.empty()
                : Optional.of(new InstallOwner(namespace, packageName));
    }

    /** The package whose owner list an annotation key is, if it is one. */
    public static Optional<String> packageOfListKey(String key) {
        return key.startsWith(LIST_PREFIX) && key.length() > LIST_PREFIX.length()
                ? Optional.of(key.substring(LIST_PREFIX.length())) : Optional.empty();
    }

    /** Whether an annotation key says who owns an object: an owner list, or a per-install mark. */
    public static boolean isOwnerKey(String key) {
        return packageOfListKey(key).isPresent() || ofEarlierMarkKey(key).isPresent();
    }

    /** Whether a server-side apply field manager is an install's (this version's or an earlier one's). */
    public static boolean isInstallManager(String manager) {
        return manager != null && (manager.startsWith(MANAGER_PREFIX) || manager.equals(LEGACY_FIELD_MANAGER));
    }

    private static String bounded(String full) {
        if (full.length() <= MAX_FIELD_MANAGER) {
            return full;
        }
        String digest = ManifestDigest.sha256Hex(full).substring(0, 16);
        return full.substring(0, MAX_FIELD_MANAGER - digest.length() - 1) + "~" + digest;
    }
}
