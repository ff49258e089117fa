package dev.bundlectl.executor.records;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Objects;

/**
 * A Secret as the API server's JSON, read through the few fields a record store needs. The store
 * handles Secrets as plain JSON rather than as fabric8's typed {@code Secret}: converting to and
 * from the typed model built Jackson bean (de)serializers for Secret and ObjectMeta on every run,
 * a tenth of an install re-run's CPU outside the JIT (bench/README.md).
 *
 * @param object the Secret's JSON, not changed by this view
 */
public record RecordSecret(ObjectNode object) {

    public RecordSecret {
        Objects.requireNonNull(object, "object");
    }

    /** {@code metadata.name}, {@code ""} when missing. */
    public String name() {
        return metadataText("name");
    }

    /** {@code metadata.namespace}, {@code ""} when missing. */
    public String namespace() {
        return metadataText("namespace");
    }

    /** {@code metadata.uid}, null when missing (a delete then asks for no particular object). */
    public String uid() {
        return textOrNull(object.path("metadata").path("uid"));
    }

    /** {@code metadata.resourceVersion}, {@code ""} when missing. */
    public String resourceVersion() {
        return metadataText("resourceVersion");
    }

    /** {@code metadata.creationTimestamp}, null when missing. */
    public String creationTimestamp() {
        return textOrNull(object.path("metadata").path("creationTimestamp"));
    }

    /** Whether the Secret has a {@code metadata} object. */
    public boolean hasMetadata() {
        return object.path("metadata").isObject();
    }

    /** The Secret's {@code type}, null when missing. */
    public String type() {
        return textOrNull(object.path("type"));
    }

    /** A label's value, null when missing. */
    public String label(String key) {
        return textOrNull(object.path("metadata").path("labels").path(key));
    }

    /** An annotation's value, null when missing. */
    public String annotation(String key) {
        return textOrNull(object.path("metadata").path("annotations").path(key));
    }

    /** A {@code data} entry, base64 as stored, null when missing. */
    public String data(String key) {
        return textOrNull(object.path("data").path(key));
    }

    /** A copy of this Secret as an update of the one at {@code version}: the server refuses it if that one changed. */
    public RecordSecret atVersion(String version) {
        ObjectNode copy = object.deepCopy();
        copy.with("metadata").put("resourceVersion", version);
        return new RecordSecret(copy);
    }

    private String metadataText(String field) {
        String text = textOrNull(object.path("metadata").path(field));
        return text == null ? "" : text;
    }

    private static String textOrNull(JsonNode node) {
        return node.isTextual() ? node.asText() : null;
    }
}
