package dev.bundlectl.render;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.SourceLocation;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One object rendered from a CSV.
 *
 * @param body the whole object, {@code metadata.namespace} included for namespaced kinds; owned
 *     by this record, so callers must not change it
 * @param namespace the object's namespace, or null when it is cluster-scoped
 */
public record RenderedObject(ObjectNode body, String namespace) {

    public RenderedObject {
        Objects.requireNonNull(body, "body");
    }

    /** {@code apiVersion}, e.g. {@code apps/v1}. */
    public String apiVersion() {
        return body.path("apiVersion").asText();
    }

    /** The API group, {@code ""} for core. */
    public String group() {
        String apiVersion = apiVersion();
        int slash = apiVersion.indexOf('/');
        return slash < 0 ? "" : apiVersion.substring(0, slash);
    }

    /** The kind. */
    public String kind() {
        return body.path("kind").asText();
    }

    /** {@code metadata.name}. */
    public String name() {
        return body.path("metadata").path("name").asText();
    }

    /**
     * This object as a {@link Manifest}, so that it goes through the planner's checks like any
     * bundle object; {@code source} is the CSV's location, since that is where it comes from.
     */
    public Manifest toManifest(SourceLocation source) {
        Map<String, String> annotations = new LinkedHashMap<>();
        JsonNode given = body.path("metadata").path("annotations");
        given.properties().forEach(entry -> annotations.put(entry.getKey(), entry.getValue().asText()));
        return new Manifest(source, apiVersion(), kind(), name(), namespace, annotations, body);
    }
}
