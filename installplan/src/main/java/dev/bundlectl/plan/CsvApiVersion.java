package dev.bundlectl.plan;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.Diagnostics;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.kinds.GroupKind;

/**
 * Reads a CSV the way OLM's catalog operator does: by kind, as an
 * {@code operators.coreos.com/v1alpha1} ClusterServiceVersion, whatever {@code apiVersion} the
 * manifest declares. Real bundles say {@code operators.coreos.com/v1}, {@code v1beta1}, or a bare
 * {@code v1alpha1}, and OLM installs them; planning them under an API nobody serves would fail them.
 */
final class CsvApiVersion {

    static final String OLM_API_VERSION = "operators.coreos.com/v1alpha1";

    private CsvApiVersion() {
    }

    /** The manifest itself, or for a CSV with another apiVersion a copy that says v1alpha1 (with a warning). */
    static Manifest asOlmReadsIt(Manifest manifest, Diagnostics.Collector warnings) {
        if (!GroupKind.CLUSTER_SERVICE_VERSION.hasKind(manifest.kind()) || OLM_API_VERSION.equals(manifest.apiVersion())) {
            return manifest;
        }
        warnings.warning(manifest.source(), manifest.displayName(), "apiVersion",
                "apiVersion \"" + manifest.apiVersion() + "\" is read as " + OLM_API_VERSION + ", as OLM reads every "
                        + "ClusterServiceVersion");
        ObjectNode body = manifest.body().deepCopy();
        body.put("apiVersion", OLM_API_VERSION);
        return new Manifest(manifest.source(), OLM_API_VERSION, manifest.kind(), manifest.name(), manifest.namespace(),
                manifest.annotations(), body);
    }
}
