package dev.bundlectl.executor.writes;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.plan.payload.ReleaseAnnotations;

/**
 * {@code release.openshift.io/create-only}: when {@code "true"} (ignoring case, as library-go
 * compares it) the object is created if absent, and an existing one is left untouched.
 */
public final class CreateOnlyRule {

    /** The annotation key. */
    public static final String ANNOTATION = ReleaseAnnotations.CREATE_ONLY;

    private CreateOnlyRule() {
    }

    /** Whether the manifest asks to be created only. */
    public static boolean applies(JsonNode manifest) {
        return ReleaseAnnotations.createOnlyValue(Annotations.value(manifest, ANNOTATION).orElse(null));
    }
}
