package dev.bundlectl.bundle.objects;

import dev.bundlectl.bundle.Manifest;

/**
 * What makes two manifests the same Kubernetes object.
 *
 * @param apiVersion the manifest's apiVersion
 * @param kind the kind
 * @param namespace the namespace, or null
 * @param name the name
 */
public record ObjectIdentity(String apiVersion, String kind, String namespace, String name) {

    public static ObjectIdentity of(Manifest manifest) {
        return new ObjectIdentity(manifest.apiVersion(), manifest.kind(), manifest.namespace(), manifest.name());
    }
}
