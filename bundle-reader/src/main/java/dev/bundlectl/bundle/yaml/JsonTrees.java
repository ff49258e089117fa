package dev.bundlectl.bundle.yaml;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.SegmentedStringWriter;
import com.fasterxml.jackson.core.util.BufferRecycler;
import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.bundle.ReaderLimits;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * JSON text to trees and back, as {@link Mappers#json()} reads and writes them, without an
 * {@code ObjectMapper}: in a fresh process, creating the first mapper initialises a good part of
 * jackson-databind (its date format loads locale data), which cost {@code bundlectl plan} 16 ms
 * for work a streaming parser or generator does alone (bench/README.md, "Fourth pass").
 *
 * <p>Text is written node by node with the calls the mapper's default serializers make.
 */
public final class JsonTrees {

    // Immutable once built, and safe to share.
    private static final JsonFactory FACTORY = new JsonFactory();
    private static final ReaderLimits LIMITS = ReaderLimits.defaults();

    private JsonTrees() {
    }

    /** The tree as compact JSON, byte for byte what {@code Mappers.json().writeValueAsString(tree)} writes. */
    public static String compact(JsonNode tree) {
        SegmentedStringWriter text = new SegmentedStringWriter(new BufferRecycler());
        try {
            try (JsonGenerator generator = FACTORY.createGenerator(text)) {
                write(tree, generator);
            }
            return text.getAndClear();
        } catch (IOException e) {
            // Writing to memory cannot fail for input reasons: a bug, not bad input.
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Writes a node as the mapper's default serializers do. Recursion is bounded: every tree
     * here came through a reader that limits nesting.
     */
    private static void write(JsonNode node, JsonGenerator generator) throws IOException {
        switch (node.getNodeType()) {
            case OBJECT:
                generator.writeStartObject();
                for (Map.Entry<String, JsonNode> field : node.properties()) {
                    generator.writeFieldName(field.getKey());
                    write(field.getValue(), generator);
                }
                generator.writeEndObject();
                break;
            case ARRAY:
                generator.writeStartArray();
                for (JsonNode element : node) {
                    write(element, generator);
                }
                generator.writeEndArray();
                break;
            case STRING:
                generator.writeString(node.textValue());
                break;
            case BOOLEAN:
                generator.writeBoolean(node.booleanValue());
                break;
            case NULL:
                generator.writeNull();
                break;
            case NUMBER:
                writeNumber(node, generator);
                break;
            default:
                // Binary, POJO and missing nodes never come out of a reader or a manifest.
                throw new IllegalArgumentException("cannot write a " + node.getNodeType() + " node as JSON");
        }
    }

    private static void writeNumber(JsonNode node, JsonGenerator generator) throws IOException {
        switch (node.numberType()) {
            case INT:
                generator.writeNumber(node.intValue());
                break;
            case LONG:
                generator.writeNumber(node.longValue());
                break;
            case BIG_INTEGER:
                generator.writeNumber(node.bigIntegerValue());
                break;
            case FLOAT:
                generator.writeNumber(node.floatValue());
                break;
            case BIG_DECIMAL:
                generator.writeNumber(node.decimalValue());
                break;
            default:
                generator.writeNumber(node.doubleValue());
                break;
        }
    }

    /**
     * The first JSON value of the text, or a missing node when there is none, as the mapper's
     * {@code readTree} reads it (see {@link JsonTextParser}); nesting within {@link ReaderLimits#defaults()}.
     */
    public static JsonNode read(String json) throws IOException {
        return new JsonTextParser(json, LIMITS.maxNestingDepth()).firstValue();
    }
}
