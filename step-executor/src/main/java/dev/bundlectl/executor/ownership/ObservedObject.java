package dev.bundlectl.executor.ownership;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;

/**
 * What an answer to a write said of its object that ownership needs: its identity and its owners.
 * A dry run's answer shows the object as the write would leave it: with every owner list and mark
 * as it stands, since an apply never carries them (docs/semantics.md §8).
 *
 * @param uid the object's uid, or null (a dry-run create has none)
 * @param resourceVersion its resourceVersion, or null
 * @param owners its owners
 * @param created whether the write created it (201), in a dry run whether it would have
 */
public record ObservedObject(String uid, String resourceVersion, ObjectOwners owners, boolean created) {

    public ObservedObject {
        Objects.requireNonNull(owners, "owners");
    }

    /** What {@code answer}, an object as the API server answered a write of it, says. */
    public static ObservedObject of(JsonNode answer, boolean created) {
        JsonNode metadata = answer.path("metadata");
        return new ObservedObject(text(metadata, "uid"), text(metadata, "resourceVersion"), ObjectOwners.of(answer),
                created);
    }

    private static String text(JsonNode node, String field) {
        String value = node.path(field).asText("");
        return value.isEmpty() ? null : value;
    }
}
