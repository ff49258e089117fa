package dev.bundlectl.executor.writes;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.plan.payload.ReleaseAnnotations;

/**
 * {@code release.openshift.io/delete: "true"}: the object is deleted instead of applied; the
 * deletion is requested and not waited for, and NotFound means it is already gone. During a
 * first install such objects are skipped. Any other value is an error that
 * {@code ReleaseAnnotationValidator} reports in the preflight, before anything is applied.
 */
public final class DeleteRule {

    /** The annotation key. */
    public static final String ANNOTATION = ReleaseAnnotations.DELETE;

    private DeleteRule() {
    }

    /** Whether the manifest asks to be deleted. */
    public static boolean applies(JsonNode manifest) {
        return ReleaseAnnotations.deleteValue(Annotations.value(manifest, ANNOTATION).orElse(null));
    }
}
