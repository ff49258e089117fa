package dev.bundlectl.executor.customresources;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One custom resource a CRD holds, as a list showed it.
 *
 * @param kind its kind, e.g. {@code Cache}
 * @param namespace its namespace, or null when cluster-scoped
 * @param name its name
 * @param uid its uid, so that a deletion never hits an object made again under the same name
 * @param finalizers its {@code metadata.finalizers}, which its controller removes before it goes
 * @param deleting whether it is being deleted already ({@code metadata.deletionTimestamp})
 */
public record HeldResource(String kind, String namespace, String name, String uid, List<String> finalizers,
        boolean deleting) {

    public HeldResource {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(name, "name");
        finalizers = List.copyOf(finalizers);
    }

    /** The resource an item of a list answer describes. */
    static HeldResource of(String kind, JsonNode item) {
        JsonNode metadata = item.path("metadata");
        List<String> finalizers = new ArrayList<>();
        metadata.path("finalizers").forEach(finalizer -> finalizers.add(finalizer.asText()));
        String namespace = metadata.path("namespace").asText("");
        return new HeldResource(kind, namespace.isEmpty() ? null : namespace, metadata.path("name").asText(),
                metadata.path("uid").asText(null), finalizers, metadata.hasNonNull("deletionTimestamp"));
    }

    /** e.g. {@code Cache team-a/big}. */
    public String displayName() {
        return kind + " " + (namespace == null ? name : namespace + "/" + name);
    }
}
