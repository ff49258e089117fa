package dev.bundlectl.plan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.Diagnostics;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.plan.api.ApiSurface;

/**
 * Decides each object's namespace. OLM installs every namespaced object into the plan's
 * namespace whatever the manifest says, and cluster-scoped objects into none; a manifest that
 * names another namespace is overridden with a warning so the user sees it.
 */
final class StepPlacement {

    private static final String PLACEHOLDER = "placeholder";

    private final ApiSurface surface;
    private final String targetNamespace;

    StepPlacement(ApiSurface surface, String targetNamespace) {
        this.surface = surface;
        this.targetNamespace = targetNamespace;
    }

    /** The namespace for this object, or null when it is cluster-scoped. */
    String namespaceFor(Manifest manifest, Diagnostics.Collector warnings) {
        String declared = manifest.namespace() == null || manifest.namespace().isBlank() ? null : manifest.namespace();
        if (KnownScopes.isNamespaced(surface, manifest.group(), manifest.version(), manifest.kind())) {
            if (declared != null && !declared.equals(targetNamespace) && !isPlaceholder(declared)) {
                warnings.warning(manifest.source(), manifest.displayName(), "metadata.namespace",
                        "namespace \"" + declared + "\" is replaced by the install namespace \"" + targetNamespace + "\"");
            }
            return targetNamespace;
        }
        if (declared != null) {
            warnings.warning(manifest.source(), manifest.displayName(), "metadata.namespace",
                    manifest.kind() + " is cluster-scoped; namespace \"" + declared + "\" is ignored");
        }
        return null;
    }

    /**
     * The manifest as it will be written: its {@code metadata.namespace} the one the plan places it
     * in ({@code null}: none, for a cluster-scoped object). The API server judges what is sent, so a
     * namespace the install replaces (a {@code PLACEHOLDER_NAMESPACE}, say, which no server would
     * accept as a name) must not be judged (docs/semantics.md §2). The same manifest when nothing
     * changes; otherwise a copy.
     */
    static Manifest asWritten(Manifest manifest, String namespace) {
        JsonNode declared = manifest.body().path("metadata").path("namespace");
        boolean same = namespace == null ? declared.isMissingNode() || declared.isNull()
                : declared.isTextual() && declared.asText().equals(namespace);
        if (same) {
            return manifest;
        }
        ObjectNode body = manifest.body().deepCopy();
        JsonNode metadata = body.path("metadata");
        if (metadata instanceof ObjectNode fields) {
            if (namespace == null) {
                fields.remove("namespace");
            } else {
                fields.put("namespace", namespace);
            }
        }
        return new Manifest(manifest.source(), manifest.apiVersion(), manifest.kind(), manifest.name(), namespace,
                manifest.annotations(), body);
    }

    /**
     * Tools write a placeholder where the install namespace goes: operator-sdk writes
     * {@code namespace: placeholder} into every CSV it generates, others {@code PLACEHOLDER_NAMESPACE}
     * or {@code PLACEHOLDER}. OLM replaces it, and warning about it would bury the warnings that
     * matter.
     */
    private static boolean isPlaceholder(String declared) {
        return declared.toLowerCase(java.util.Locale.ROOT).startsWith(PLACEHOLDER);
    }
}
