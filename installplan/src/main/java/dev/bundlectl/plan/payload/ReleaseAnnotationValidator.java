package dev.bundlectl.plan.payload;

import dev.bundlectl.bundle.Diagnostics;
import dev.bundlectl.bundle.Manifest;
import java.util.Collection;

/**
 * Checks the create-only, delete and install-level annotations of every manifest before anything
 * is applied. Any error makes the plan invalid (docs/semantics.md §5): a bad delete value and a bad
 * install level each fail the whole install before the first write, as the cluster-version operator
 * does.
 */
public final class ReleaseAnnotationValidator {

    private ReleaseAnnotationValidator() {
    }

    /** Errors for invalid delete and install-level annotations; a warning for an odd create-only value. */
    public static Diagnostics validate(Collection<Manifest> manifests) {
        Diagnostics.Collector found = new Diagnostics.Collector();
        for (Manifest manifest : manifests) {
            checkDelete(manifest, found);
            checkInstallLevel(manifest, found);
            checkCreateOnly(manifest, found);
        }
        return found.toDiagnostics();
    }

    /** The CVO's message for a delete annotation other than {@code "true"}. */
    public static String invalidDeleteMessage(String value) {
        return "invalid delete annotation \"" + ReleaseAnnotations.DELETE + "\" value: \"" + value + "\"";
    }

    private static void checkDelete(Manifest manifest, Diagnostics.Collector found) {
        String value = manifest.annotation(ReleaseAnnotations.DELETE);
        if (value != null && !"true".equals(value)) {
            found.error(manifest.source(), manifest.displayName(), ReleaseAnnotations.field(ReleaseAnnotations.DELETE),
                    invalidDeleteMessage(value));
        }
    }

    private static void checkInstallLevel(Manifest manifest, Diagnostics.Collector found) {
        String value = manifest.annotation(ReleaseAnnotations.INSTALL_LEVEL);
        if (value == null) {
            return;
        }
        String field = ReleaseAnnotations.field(ReleaseAnnotations.INSTALL_LEVEL);
        if (!"0".equals(value) && !"1".equals(value)) {
            found.error(manifest.source(), manifest.displayName(), field, "invalid install level \"" + value + "\": "
                    + ReleaseAnnotations.INSTALL_LEVEL + " must be 0 or 1");
        }
        // Seed 002: the annotation exists to delay create-only defaults, so it is only valid on them.
        if (!ReleaseAnnotations.isCreateOnly(manifest)) {
            found.error(manifest.source(), manifest.displayName(), field, ReleaseAnnotations.INSTALL_LEVEL
                    + " requires " + ReleaseAnnotations.CREATE_ONLY + ": \"true\" on the same manifest");
        }
    }

    private static void checkCreateOnly(Manifest manifest, Diagnostics.Collector found) {
        String value = manifest.annotation(ReleaseAnnotations.CREATE_ONLY);
        if (value != null && !"true".equalsIgnoreCase(value) && !"false".equalsIgnoreCase(value)) {
            found.warning(manifest.source(), manifest.displayName(),
                    ReleaseAnnotations.field(ReleaseAnnotations.CREATE_ONLY), "value \"" + value
                            + "\" is not \"true\", so the object is not create-only and will be updated");
        }
    }
}
