package dev.bundlectl.executor.records;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.bundle.yaml.Mappers;
import java.util.Objects;

/**
 * An object as a server-side apply of this executor left it: the {@code resourceVersion} the
 * server answered with, and the digest of the body that was sent. A later run that finds the same
 * {@code resourceVersion} on the server (its preflight's dry run answers with the live one) and
 * would send a body with the same digest knows the apply would change nothing: nobody has written
 * the object since, and server-side apply of the same body over the same object is a no-op. Every
 * write, by anyone, gives the object a new {@code resourceVersion}.
 *
 * @param resourceVersion the object's {@code resourceVersion} after the apply (or, in a dry run,
 *     the live one the server answered with)
 * @param bodyDigest {@code sha256:<hex>} of the body as sent
 */
public record AppliedState(String resourceVersion, String bodyDigest) {

    public AppliedState {
        Objects.requireNonNull(resourceVersion, "resourceVersion");
        Objects.requireNonNull(bodyDigest, "bodyDigest");
    }

    /** The digest of an apply's body: the JSON the request carries. */
    public static String digestOf(JsonNode body) {
        try {
            return ManifestDigest.of(Mappers.json().writeValueAsBytes(body));
        } catch (JsonProcessingException e) {
            // A manifest tree holds only JSON values: this is a programming error.
            throw new IllegalStateException("cannot write a manifest as JSON", e);
        }
    }
}
