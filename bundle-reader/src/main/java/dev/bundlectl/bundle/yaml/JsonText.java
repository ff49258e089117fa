package dev.bundlectl.bundle.yaml;

import com.fasterxml.jackson.databind.JsonNode;

/** The outcome of parsing a JSON text held inside a manifest, such as an annotation's value. */
public sealed interface JsonText {

    /** The text is one well-formed JSON value. */
    record Parsed(JsonNode value) implements JsonText {
    }

    /**
     * The text is not one well-formed JSON value.
     *
     * @param problem what is wrong, with the line and column inside the text
     */
    record Malformed(String problem) implements JsonText {
    }
}
