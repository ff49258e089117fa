package dev.bundlectl.plan.io;

import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactoryBuilder;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.yaml.snakeyaml.LoaderOptions;

/**
 * Reads one user-supplied YAML or JSON document into a Jackson tree, refusing what
 * jackson-dataformat-yaml would otherwise get silently wrong.
 *
 * <ul>
 *   <li>Input is capped in size before parsing, because SnakeYAML is quadratic on long scalars.
 *   <li>Duplicate keys are an error: YAML allows them to shadow each other silently.
 *   <li>Anchors and aliases are an error: jackson-dataformat-yaml 2.x does not expand aliases,
 *       it reads {@code *a} as the string {@code "a"}.
 *   <li>A text whose first non-blank character is <code>{</code> or {@code [} is parsed as JSON.
 * </ul>
 *
 * <p>All failures are {@link InputFileException}s with the file and one-based line.
 */
public final class SafeYaml {

    /** The largest file accepted by default: plans carry whole bundles, which can be large. */
    public static final long DEFAULT_MAX_BYTES = 64L * 1024 * 1024;

    private static final int MAX_NESTING = 200;

    // Configured once and never changed afterwards: Jackson factories and mappers are then
    // safe to share between threads.
    private static final YAMLFactory YAML_FACTORY = yamlFactoryBuilder().build();
    private static final ObjectMapper YAML_MAPPER = new ObjectMapper(YAML_FACTORY);
    private static final ObjectMapper JSON_MAPPER = JsonMapper.builder(jsonFactoryBuilder().build())
            .disable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .build();

    private SafeYaml() {
    }

    /**
     * A node of a top-level list and the line it starts on.
     *
     * @param line one-based line of the entry's first token
     * @param node the entry
     */
    public record LocatedNode(int line, JsonNode node) {

        public LocatedNode {
            Objects.requireNonNull(node, "node");
        }
    }

    /**
     * Reads a file as UTF-8 text, refusing files larger than {@code maxBytes} before reading them.
     *
     * @param path the file
     * @param maxBytes the size cap
     * @return the text
     * @throws InputFileException when the file is missing, unreadable, too large or not UTF-8
     */
    public static String readText(Path path, long maxBytes) throws InputFileException {
        String name = path.toString();
        try {
            if (Files.isDirectory(path)) {
                throw new InputFileException(name, 0, "is a directory, expected a file");
            }
            long size = Files.size(path);
            if (size > maxBytes) {
                throw new InputFileException(name, 0,
                        "file is " + size + " bytes, larger than the limit of " + maxBytes + " bytes");
            }
            byte[] bytes = Files.readAllBytes(path);
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (NoSuchFileException e) {
            throw new InputFileException(name, 0, "no such file");
        } catch (CharacterCodingException e) {
            throw new InputFileException(name, 0, "is not UTF-8 text");
        } catch (IOException e) {
            throw new InputFileException(name, 0, "cannot be read: " + e.getMessage());
        }
    }

    /**
     * Parses exactly one YAML or JSON document.
     *
     * @param text the document
     * @param file the file name used in messages
     * @return the tree; never null or missing
     * @throws InputFileException on syntax errors, duplicate keys, anchors, an empty text or more
     *     than one document
     */
    public static JsonNode readTree(String text, String file) throws InputFileException {
        return parseOne(text, file, (mapper, parser) -> {
            if (parser.nextToken() == null) {
                throw new InputFileException(file, 0, "is empty");
            }
            JsonNode tree = mapper.readTree(parser);
            if (tree == null || tree.isMissingNode() || tree.isNull()) {
                throw new InputFileException(file, 0, "is empty");
            }
            return tree;
        });
    }

    /**
     * Parses one document that must be a top-level list, keeping each entry's line for messages.
     *
     * @param text the document
     * @param file the file name used in messages
     * @return the entries in order
     * @throws InputFileException as {@link #readTree}, and when the document is not a list
     */
    public static List<LocatedNode> readList(String text, String file) throws InputFileException {
        return parseOne(text, file, (mapper, parser) -> {
            JsonToken first = parser.nextToken();
            if (first == null) {
                throw new InputFileException(file, 0, "is empty");
            }
            if (first != JsonToken.START_ARRAY) {
                throw new InputFileException(file, lineOf(parser.currentTokenLocation()),
                        "expected a list of entries at the top level");
            }
            List<LocatedNode> entries = new ArrayList<>();
            while (parser.nextToken() != JsonToken.END_ARRAY) {
                int line = lineOf(parser.currentTokenLocation());
                entries.add(new LocatedNode(line, mapper.readTree(parser)));
            }
            return List.copyOf(entries);
        });
    }

    /** Reads the first document with {@code body}, then insists that no other document follows. */
    private static <T> T parseOne(String text, String file, DocumentReader<T> body) throws InputFileException {
        boolean json = looksLikeJson(text);
        if (!json) {
            rejectAnchorsAndAliases(text, file);
        }
        ObjectMapper mapper = json ? JSON_MAPPER : YAML_MAPPER;
        try (JsonParser parser = mapper.createParser(text)) {
            T result = body.read(mapper, parser);
            rejectFurtherDocuments(parser, file);
            return result;
        } catch (JsonProcessingException e) {
            throw syntaxError(file, e);
        } catch (IOException e) {
            throw new InputFileException(file, 0, "cannot be parsed: " + e.getMessage());
        }
    }

    /** Reads one document from a parser positioned before its first token. */
    @FunctionalInterface
    private interface DocumentReader<T> {
        T read(ObjectMapper mapper, JsonParser parser) throws IOException, InputFileException;
    }

    /** Whether the text is JSON rather than YAML: its first non-blank character opens an object or array. */
    public static boolean looksLikeJson(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!Character.isWhitespace(c) && c != '\uFEFF') {
                return c == '{' || c == '[';
            }
        }
        return false;
    }

    private static void rejectFurtherDocuments(JsonParser parser, String file)
            throws IOException, InputFileException {
        JsonToken next = parser.nextToken();
        // A trailing "---" with nothing after it is an empty document (an empty scalar), not a
        // second object.
        while (next == JsonToken.VALUE_NULL || (next == JsonToken.VALUE_STRING && parser.getText().isEmpty())) {
            next = parser.nextToken();
        }
        if (next != null) {
            throw new InputFileException(file, lineOf(parser.currentTokenLocation()),
                    "holds more than one document; expected exactly one");
        }
    }

    private static void rejectAnchorsAndAliases(String text, String file) throws InputFileException {
        try (JsonParser parser = YAML_FACTORY.createParser(text)) {
            YAMLParser yaml = (YAMLParser) parser;
            while (yaml.nextToken() != null) {
                if (yaml.isCurrentAlias()) {
                    throw new InputFileException(file, lineOf(yaml.currentTokenLocation()),
                            "YAML alias \"*" + yaml.getText() + "\" is not supported; write the value out in full");
                }
                String anchor = yaml.getObjectId();
                if (anchor != null) {
                    throw new InputFileException(file, lineOf(yaml.currentTokenLocation()),
                            "YAML anchor \"&" + anchor + "\" is not supported; write the values out in full");
                }
            }
        } catch (JsonProcessingException e) {
            throw syntaxError(file, e);
        } catch (IOException e) {
            throw new InputFileException(file, 0, "cannot be parsed: " + e.getMessage());
        }
    }

    private static InputFileException syntaxError(String file, JsonProcessingException e) {
        return new InputFileException(file, lineOf(e.getLocation()), oneLine(e.getOriginalMessage()));
    }

    /**
     * SnakeYAML messages span several lines: context, a source snippet (indented) and the
     * problem. Keeping the unindented lines gives a readable single line.
     */
    static String oneLine(String message) {
        if (message == null || message.isBlank()) {
            return "syntax error";
        }
        List<String> kept = new ArrayList<>();
        for (String line : message.split("\\R")) {
            if (line.isBlank() || Character.isWhitespace(line.charAt(0))) {
                continue;
            }
            kept.add(line.strip());
        }
        return kept.isEmpty() ? message.strip() : String.join("; ", kept);
    }

    private static int lineOf(JsonLocation location) {
        return location == null ? 0 : Math.max(0, location.getLineNr());
    }

    /**
     * A new YAML factory builder with this class's limits (size, nesting, string length) and
     * duplicate-key detection, for mappers that must read what {@link #readTree} accepts.
     */
    public static YAMLFactoryBuilder yamlFactoryBuilder() {
        return YAMLFactory.builder()
                .loaderOptions(loaderOptions())
                .streamReadConstraints(readConstraints())
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION);
    }

    /** A new JSON factory builder with this class's limits and duplicate-key detection. */
    public static JsonFactoryBuilder jsonFactoryBuilder() {
        return new JsonFactoryBuilder()
                .streamReadConstraints(readConstraints())
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION);
    }

    private static LoaderOptions loaderOptions() {
        LoaderOptions options = new LoaderOptions();
        options.setCodePointLimit((int) Math.min(Integer.MAX_VALUE, DEFAULT_MAX_BYTES));
        options.setNestingDepthLimit(MAX_NESTING);
        return options;
    }

    private static StreamReadConstraints readConstraints() {
        return StreamReadConstraints.builder()
                .maxStringLength((int) Math.min(Integer.MAX_VALUE, DEFAULT_MAX_BYTES))
                .maxNestingDepth(MAX_NESTING)
                .build();
    }
}
