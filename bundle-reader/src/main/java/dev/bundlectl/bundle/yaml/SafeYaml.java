package dev.bundlectl.bundle.yaml;

import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactoryBuilder;
import dev.bundlectl.bundle.ReaderLimits;
import dev.bundlectl.bundle.yaml.DuplicateKey;
import dev.bundlectl.bundle.yaml.EmptyValues;
import dev.bundlectl.bundle.yaml.FileBytes;
import dev.bundlectl.bundle.yaml.LoadedDocument;
import dev.bundlectl.bundle.yaml.ParseFailure;
import dev.bundlectl.bundle.yaml.SafeYamlLoader;
import dev.bundlectl.bundle.yaml.Syntax;
import dev.bundlectl.bundle.yaml.YamlReference;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Reads one user-supplied YAML or JSON document (a plan file, an API surface list) into a
 * Jackson tree with the project's {@link SafeYamlLoader} and the {@link StrictDocument} rules:
 *
 * <ul>
 *   <li>Input is capped in size before parsing, because SnakeYAML is quadratic on long scalars.
 *   <li>Duplicate keys are an error: YAML allows them to shadow each other silently.
 *   <li>Anchors and aliases are an error: plan files are bound with plain Jackson data binding,
 *       which does not expand aliases (it reads {@code *a} as the string {@code "a"}).
 *   <li>Exactly one document; a trailing {@code ---} is fine.
 *   <li>A text whose first non-blank character is <code>{</code> or {@code [} is parsed as JSON.
 * </ul>
 *
 * <p>All failures are {@link InputFileException}s with the file and one-based line.
 */
public final class SafeYaml {

    /** The largest file accepted by default: plans carry whole bundles, which can be large. */
    public static final long DEFAULT_MAX_BYTES = 64L * 1024 * 1024;

    private static final int MAX_NESTING = 200;

    /**
     * No line bound beyond the size bound: a plan file carries each manifest on one line, and a
     * CRD's can be megabytes long.
     */
    private static final ReaderLimits LIMITS = new ReaderLimits(DEFAULT_MAX_BYTES, (int) DEFAULT_MAX_BYTES,
            (int) DEFAULT_MAX_BYTES, MAX_NESTING, ReaderLimits.DEFAULT_MAX_ALIAS_EXPANSION_NODES);

    // Immutable, so safe to share between threads. A blank "key:" stays "" so that it cannot
    // pass for an omitted field.
    private static final SafeYamlLoader LOADER = new SafeYamlLoader(LIMITS, EmptyValues.EMPTY_STRING);

    private static final Set<YamlReference.Kind> FORBIDDEN = EnumSet.allOf(YamlReference.Kind.class);

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
     * @throws InputFileException when the file is missing, not a regular file (a directory, a
     *     FIFO, a device), unreadable, too large or not UTF-8
     */
    public static String readText(Path path, long maxBytes) throws InputFileException {
        String name = path.toString();
        FileBytes read = FileBytes.read(path, maxBytes);
        if (read instanceof FileBytes.NotRegular notRegular) {
            // Never opened: a FIFO would block the read forever, a device would never end.
            throw new InputFileException(name, 0, notRegular.problem());
        }
        if (read instanceof FileBytes.TooLarge tooLarge) {
            throw new InputFileException(name, 0,
                    "file is " + tooLarge.size() + " bytes, larger than the limit of " + maxBytes + " bytes");
        }
        if (read instanceof FileBytes.Unreadable unreadable) {
            throw new InputFileException(name, 0, unreadable.cause() instanceof NoSuchFileException
                    ? "no such file" : "cannot be read: " + unreadable.cause().getMessage());
        }
        return ((FileBytes.Content) read).utf8()
                .orElseThrow(() -> new InputFileException(name, 0, "is not UTF-8 text"));
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
        return readOne(text, file).root();
    }

    /**
     * Parses exactly one document in the syntax given (a small configuration file, read as its name
     * says: <code>{a: b}</code> is YAML, not JSON that fails).
     *
     * @throws InputFileException as {@link #readTree(String, String)}
     */
    public static JsonNode readTree(String text, String file, Syntax syntax) throws InputFileException {
        return readOne(text, file, syntax).root();
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
        LoadedDocument document = readOne(text, file);
        JsonNode root = document.root();
        if (!root.isArray()) {
            throw new InputFileException(file, document.line(), "expected a list of entries at the top level");
        }
        List<LocatedNode> entries = new ArrayList<>();
        for (int i = 0; i < root.size(); i++) {
            entries.add(new LocatedNode(document.elementLines().get(i), root.get(i)));
        }
        return List.copyOf(entries);
    }

    private static LoadedDocument readOne(String text, String file) throws InputFileException {
        return readOne(text, file, looksLikeJson(text) ? Syntax.JSON : Syntax.YAML);
    }

    private static LoadedDocument readOne(String text, String file, Syntax syntax) throws InputFileException {
        StrictDocument read = StrictDocument.of(LOADER.parse(text, file, syntax), FORBIDDEN);
        if (read instanceof StrictDocument.Refusal refusal) {
            throw refusal.describe(new Words(file));
        }
        return ((StrictDocument.One) read).document();
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

    /**
     * A new YAML factory builder with this class's limits (size, nesting, string length) and
     * duplicate-key detection, for mappers that must read what {@link #readTree} accepts.
     */
    public static YAMLFactoryBuilder yamlFactoryBuilder() {
        return LOADER.yamlFactoryBuilder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION);
    }

    /** A new JSON factory builder with this class's limits and duplicate-key detection. */
    public static JsonFactoryBuilder jsonFactoryBuilder() {
        return LOADER.jsonFactoryBuilder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION);
    }

    /** The refusals in this class's words, as exceptions naming the file. */
    private record Words(String file) implements StrictDocument.Wording<InputFileException> {

        @Override
        public InputFileException forbidden(YamlReference reference) {
            return new InputFileException(file, reference.line(), reference.kind() == YamlReference.Kind.ALIAS
                    ? "YAML alias \"*" + reference.name() + "\" is not supported; write the value out in full"
                    : "YAML anchor \"&" + reference.name() + "\" is not supported; write the values out in full");
        }

        @Override
        public InputFileException duplicateKey(DuplicateKey key) {
            return new InputFileException(file, key.line(), "Duplicate field '" + key.key() + "'");
        }

        @Override
        public InputFileException unparsable(ParseFailure failure) {
            return new InputFileException(file, failure.line(), failure.kind() == ParseFailure.Kind.UNEXPECTED
                    ? "cannot be parsed: " + failure.problem() : failure.problem());
        }

        @Override
        public InputFileException extraDocument(int line, int documents) {
            return new InputFileException(file, line, "holds more than one document; expected exactly one");
        }

        @Override
        public InputFileException empty() {
            return new InputFileException(file, 0, "is empty");
        }
    }
}
