package dev.bundlectl.executor.apply;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.plan.payload.ReleaseAnnotationValidator;
import java.util.Optional;

/**
 * {@code release.openshift.io/delete: "true"}: the object is deleted instead of applied; the
 * deletion is requested and not waited for, and NotFound means it is already gone. During a
 * first install such objects are skipped. Any other value is an error found before anything is
 * applied.
 */
public final class DeleteRule {

    /** The annotation key. */
    public static final String ANNOTATION = "release.openshift.io/delete";

    private DeleteRule() {
    }

    /** Whether the manifest asks to be deleted. */
    public static boolean applies(JsonNode manifest) {
        return Annotations.value(manifest, ANNOTATION).map("true"::equals).orElse(false);
    }

    /** The error for a value other than {@code "true"}, in the CVO's words; empty when valid or absent. */
    public static Optional<String> problem(JsonNode manifest) {
        return Annotations.value(manifest, ANNOTATION)
                .filter(value -> !"true".equals(value))
                .map(ReleaseAnnotationValidator::invalidDeleteMessage);
    }
}
