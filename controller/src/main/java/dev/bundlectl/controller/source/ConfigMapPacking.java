package dev.bundlectl.controller.source;

import dev.bundlectl.controller.reconcile.ReconcileException;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * How files are packed into one ConfigMap: each key is a file whose path has {@code /} written as
 * {@code __}; what differs is which paths a bundle or a catalog may hold.
 */
public enum ConfigMapPacking {

    /**
     * A registry+v1 bundle: the two directories of a bundle, one level deep, with plain file names
     * ({@code manifests__csv.yaml}, {@code metadata__annotations.yaml}); at least one manifest.
     */
    BUNDLE("bundle", Pattern.compile("(manifests|metadata)__[A-Za-z0-9][A-Za-z0-9._-]{0,200}"),
            "manifests__NAME or metadata__NAME") {
        @Override
        void checkComplete(Set<String> keys, String where) {
            if (keys.stream().noneMatch(key -> key.startsWith("manifests__"))) {
                throw new ReconcileException("ConfigMap " + where + " holds no manifests__ key, so no bundle", false);
            }
        }
    },

    /**
     * A file-based catalog: its files at any depth, each path segment a plain name
     * ({@code cachebox-operator__package.yaml}, {@code catalog.json}); at least one file.
     */
    CATALOG("catalog", Pattern.compile("[A-Za-z0-9][A-Za-z0-9.-]*(_[A-Za-z0-9.-]+)*"
            + "(__[A-Za-z0-9][A-Za-z0-9.-]*(_[A-Za-z0-9.-]+)*){0,8}"),
            "catalog file paths such as PACKAGE__catalog.yaml") {
        @Override
        void checkComplete(Set<String> keys, String where) {
            if (keys.isEmpty()) {
                throw new ReconcileException("ConfigMap " + where + " holds no file, so no catalog", false);
            }
        }
    };

    private final String what;
    private final Pattern key;
    private final String expected;

    ConfigMapPacking(String what, Pattern key, String expected) {
        this.what = what;
        this.key = key;
        this.expected = expected;
    }

    /** The key, checked: a key that is no file of this kind is refused, naming it. */
    String checked(String candidate, String where) {
        // Every segment starts with a letter or digit, so no key names "..", a hidden file or an absolute path.
        if (!key.matcher(candidate).matches()) {
            throw new ReconcileException("ConfigMap " + where + ": key \"" + candidate + "\" is not a " + what
                    + " file (expected " + expected + ")", false);
        }
        return candidate;
    }

    /** Refuses a ConfigMap that cannot be what it should hold. */
    abstract void checkComplete(Set<String> keys, String where);

    /** The cache directory the unpacked files of this kind go under. */
    String cacheDirectory() {
        return this == BUNDLE ? "configmaps" : "configmap-catalogs";
    }
}
