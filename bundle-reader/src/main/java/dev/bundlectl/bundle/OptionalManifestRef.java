package dev.bundlectl.bundle;

import java.util.Objects;

/**
 * One entry of the {@code olm.manifests.optional} property: it names a manifest by group, kind,
 * namespace and name (docs/semantics.md §1).
 *
 * @param group the API group; a {@code group/version} spelling has already been reduced to its
 *     group part by the reader (with a warning)
 * @param kind the kind
 * @param namespace the namespace, or null when the entry gives none
 * @param name the object name
 */
public record OptionalManifestRef(String group, String kind, String namespace, String name) {

    public OptionalManifestRef {
        Objects.requireNonNull(group, "group");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(name, "name");
    }

    /** Whether this entry names the manifest. An entry without namespace matches any namespace. */
    public boolean matches(Manifest manifest) {
        return group.equals(manifest.group())
                && kind.equals(manifest.kind())
                && name.equals(manifest.name())
                && (namespace == null || namespace.isEmpty() || namespace.equals(manifest.namespace()));
    }
}
