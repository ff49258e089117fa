package dev.bundlectl.bundle;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.kinds.GroupKind;
import java.util.Map;
import java.util.Objects;

/**
 * One Kubernetes object read from a bundle or payload directory.
 *
 * <p>The {@code body} is the full parsed object. Jackson trees are mutable, so the reader hands
 * out a tree that nobody else holds; callers must treat it as read-only and copy it
 * ({@link ObjectNode#deepCopy()}) before changing anything.
 *
 * @param source the file and document the object came from
 * @param apiVersion {@code group/version}, or {@code version} for the core group
 * @param kind the object's kind
 * @param name {@code metadata.name}
 * @param namespace {@code metadata.namespace}, or null when the manifest does not set one
 * @param annotations {@code metadata.annotations} with values as strings (non-string values are
 *     converted to their text and reported as a warning by the reader)
 * @param body the whole object
 */
public record Manifest(
        SourceLocation source,
        String apiVersion,
        String kind,
        String name,
        String namespace,
        Map<String, String> annotations,
        ObjectNode body) {

    public Manifest {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(apiVersion, "apiVersion");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(name, "name");
        annotations = Map.copyOf(annotations);
        Objects.requireNonNull(body, "body");
    }

    /** The API group: the part of {@code apiVersion} before the slash, or {@code ""} for core. */
    public String group() {
        int slash = apiVersion.indexOf('/');
        return slash < 0 ? "" : apiVersion.substring(0, slash);
    }

    /** The object's API group and kind. */
    public GroupKind groupKind() {
        return new GroupKind(group(), kind);
    }

    /** The API version: the part of {@code apiVersion} after the slash. */
    public String version() {
        int slash = apiVersion.indexOf('/');
        return slash < 0 ? apiVersion : apiVersion.substring(slash + 1);
    }

    /** {@code Kind/name}, as used in diagnostics and messages. */
    public String displayName() {
        return kind + "/" + name;
    }

    /** The annotation's value, or null. */
    public String annotation(String key) {
        return annotations.get(key);
    }
}
