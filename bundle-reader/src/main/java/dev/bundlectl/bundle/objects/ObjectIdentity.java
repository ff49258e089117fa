package dev.bundlectl.bundle.objects;

import dev.bundlectl.bundle.Manifest;
import java.util.Objects;

/**
 * What makes two manifests the same Kubernetes object.
 *
 * @param apiVersion the manifest's apiVersion
 * @param kind the kind
 * @param namespace the namespace, or null
 * @param name the name
 */
public record ObjectIdentity(String apiVersion, String kind, String namespace, String name) {

    /**
     * Field by field, as the record's own; written out so that no record's invokedynamic bootstrap
     * runs in a plan (see {@code GroupKind#equals} for why).
     */
    @Override
    public boolean equals(Object other) {
        return other instanceof ObjectIdentity that && Objects.equals(apiVersion, that.apiVersion)
                && Objects.equals(kind, that.kind) && Objects.equals(namespace, that.namespace)
                && Objects.equals(name, that.name);
    }

    @Override
    public int hashCode() {
        return ((Objects.hashCode(apiVersion) * 31 + Objects.hashCode(kind)) * 31 + Objects.hashCode(namespace)) * 31
                + Objects.hashCode(name);
    }

    public static ObjectIdentity of(Manifest manifest) {
        return new ObjectIdentity(manifest.apiVersion(), manifest.kind(), manifest.namespace(), manifest.name());
    }
}
