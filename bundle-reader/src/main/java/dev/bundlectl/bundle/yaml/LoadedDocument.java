package dev.bundlectl.bundle.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.bundle.SourceLocation;
import java.util.List;
import java.util.Objects;

/**
 * One parsed document of a file. Empty documents ({@code ---} with nothing after it) are not
 * returned at all, but they still count for the document index of those that follow.
 *
 * @param location the file and zero-based document index
 * @param root the document's root value, aliases and merge keys already expanded
 * @param line the one-based line where the root value starts, or 0 when unknown
 * @param elementLines when the root is a sequence, the one-based line where each of its elements
 *     starts, in order; otherwise empty
 */
public record LoadedDocument(SourceLocation location, JsonNode root, int line, List<Integer> elementLines) {

    public LoadedDocument {
        Objects.requireNonNull(location, "location");
        Objects.requireNonNull(root, "root");
        elementLines = List.copyOf(elementLines);
    }

    /** {@code Kind/name} of the root object, or null when it does not have both as strings. */
    public String objectName() {
        JsonNode kind = root.path("kind");
        JsonNode name = root.path("metadata").path("name");
        return kind.isTextual() && name.isTextual() ? kind.textValue() + "/" + name.textValue() : null;
    }
}
