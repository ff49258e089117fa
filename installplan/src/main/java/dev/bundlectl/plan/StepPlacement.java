package dev.bundlectl.plan;

import dev.bundlectl.bundle.Diagnostics;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.kinds.GroupKind;
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
            if (declared != null && !declared.equals(targetNamespace) && !isSdkPlaceholder(manifest, declared)) {
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
     * operator-sdk writes {@code namespace: placeholder} into every CSV it generates; OLM ignores
     * it, and warning about it would bury the warnings that matter.
     */
    private static boolean isSdkPlaceholder(Manifest manifest, String declared) {
        return GroupKind.CLUSTER_SERVICE_VERSION.hasKind(manifest.kind()) && PLACEHOLDER.equals(declared);
    }
}
