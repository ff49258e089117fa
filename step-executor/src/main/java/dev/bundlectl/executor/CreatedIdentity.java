package dev.bundlectl.executor;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;

/**
 * What the API server said about an object this execution created: enough for install records
 * to tell the object from one that later replaces it.
 *
 * @param plural the resource it was created through, e.g. {@code configmaps}
 * @param uid the uid the server gave it, or null if the answer had none
 * @param resourceVersion its resourceVersion right after creation, or null
 */
public record CreatedIdentity(String plural, String uid, String resourceVersion) {

    public CreatedIdentity {
        Objects.requireNonNull(plural, "plural");
    }

    /** The identity read from the server's answer to a create (or the GET that found it created). */
    static CreatedIdentity of(String plural, JsonNode created) {
        JsonNode metadata = created.path("metadata");
        return new CreatedIdentity(plural, metadata.path("uid").asText(null),
                metadata.path("resourceVersion").asText(null));
    }
}
