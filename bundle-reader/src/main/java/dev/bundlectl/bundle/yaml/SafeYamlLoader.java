package dev.bundlectl.bundle.yaml;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactoryBuilder;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import dev.bundlectl.bundle.Diagnostics;
import dev.bundlectl.bundle.ReaderLimits;
import dev.bundlectl.bundle.SourceLocation;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.yaml.snakeyaml.LoaderOptions;

/**
 * Loads YAML and JSON files and texts into trees within {@link ReaderLimits}, and never throws
 * for bad input: every problem becomes a diagnostic naming the file, the document and, where the
 * parser knows it, the line and column. This is the project's one YAML reader; stricter readers
 * (configuration files, plan files) apply their rules to its {@link LoadResult}.
 *
 * <p>Order of defences: only a regular file is opened, and its size is checked before a byte is
 * read, and at most one byte past the bound is read ({@link FileBytes}); a YAML text's longest
 * line is checked before it is parsed (SnakeYAML scans one-line scalars in quadratic time);
 * Jackson's {@link StreamReadConstraints} bound strings, documents and nesting while parsing; and
 * {@link TreeBuilder} bounds nesting and alias expansion while building the tree, and refuses
 * every YAML tag outside the core schema ({@link CoreSchemaTags}).
 *
 * <p>YAML in the plain block style that nearly every manifest uses is parsed by
 * {@link PlainYamlParser}, several times faster than SnakeYAML and to the same trees; whatever it
 * declines (anchors, tags, odd scalars, any error) goes through SnakeYAML as before, so every
 * diagnostic still comes from one place.
 *
 * <p>Files ending in {@code .json} are parsed as JSON, all others as (multi-document) YAML.
 * Instances are immutable and may be shared.
 */
public final class SafeYamlLoader {

    private final ReaderLimits limits;
    private final EmptyValues emptyValues;
    private final YAMLFactory yamlFactory;
    private final JsonFactory jsonFactory;
    private final PlainYamlParser plainYaml;

    /** A loader that reads {@code key:} as null, as Kubernetes does. */
    public SafeYamlLoader(ReaderLimits limits) {
        this(limits, EmptyValues.NULL);
    }

    /**
     * @param limits the bounds on input size and shape
     * @param emptyValues what {@code key:} with nothing after it reads as
     */
    public SafeYamlLoader(ReaderLimits limits, EmptyValues emptyValues) {
        this(limits, emptyValues, true);
    }

    /**
     * @param plainSubset whether YAML in {@link PlainYamlParser}'s subset is parsed by it; false
     *     sends every text through SnakeYAML, which tests compare against
     */
    SafeYamlLoader(ReaderLimits limits, EmptyValues emptyValues, boolean plainSubset) {
        this.limits = Objects.requireNonNull(limits, "limits");
        this.emptyValues = Objects.requireNonNull(emptyValues, "emptyValues");
        this.yamlFactory = new AnchorAwareYamlFactory(yamlFactoryBuilder());
        this.jsonFactory = jsonFactoryBuilder().build();
        this.plainYaml = plainSubset ? new PlainYamlParser(limits, emptyValues) : null;
    }

    /**
     * A new YAML factory builder with this loader's limits and reading of empty values, for data
     * binding that must accept every size this loader accepts. Its parsers do not expand aliases:
     * bind only texts whose {@link LoadResult#references()} hold none.
     */
    public YAMLFactoryBuilder yamlFactoryBuilder() {
        LoaderOptions options = new LoaderOptions();
        // SnakeYAML's default of 3 MB per document would reject real CRD files and plans; the
        // file size bound already holds every document.
        options.setCodePointLimit((int) limits.maxFileBytes());
        options.setNestingDepthLimit(limits.maxNestingDepth() + 1);
        return YAMLFactory.builder()
                .loaderOptions(options)
                .streamReadConstraints(constraints())
                .configure(YAMLParser.Feature.EMPTY_STRING_AS_NULL, emptyValues == EmptyValues.NULL);
    }

    /** A new JSON factory builder with this loader's limits, for data binding; see {@link #yamlFactoryBuilder}. */
    public JsonFactoryBuilder jsonFactoryBuilder() {
        return new JsonFactoryBuilder().streamReadConstraints(constraints());
    }

    private StreamReadConstraints constraints() {
        return StreamReadConstraints.builder()
                // One more than our own bound, so that TreeBuilder reports it in its own words.
                .maxNestingDepth(limits.maxNestingDepth() + 1)
                .maxStringLength(limits.maxStringLength())
                .maxDocumentLength(limits.maxFileBytes())
                .build();
    }

    /**
     * Reads and parses one file, as JSON when its display path ends in {@code .json}.
     *
     * @param file the file
     * @param displayPath the file's name in diagnostics, relative to the bundle or payload root
     */
    public LoadResult load(Path file, String displayPath) {
        FileBytes read = FileBytes.read(file, limits.maxFileBytes());
        if (read instanceof FileBytes.TooLarge tooLarge) {
            return unread(displayPath, "the file is " + tooLarge.size() + " bytes, more than the limit of "
                    + limits.maxFileBytes() + " bytes; it was not read");
        }
        if (read instanceof FileBytes.NotRegular notRegular) {
            return unread(displayPath, notRegular.problem());
        }
        if (read instanceof FileBytes.Unreadable unreadable) {
            return unread(displayPath, "cannot read the file: " + ParseFailures.describe(unreadable.cause()));
        }
        byte[] content = ((FileBytes.Content) read).bytes();
        Syntax syntax = Syntax.ofFileName(displayPath);
        int longLine = syntax == Syntax.YAML ? LongLines.firstLineLongerThan(content, limits.maxLineBytes()) : 0;
        if (longLine > 0) {
            return longLine(longLine, displayPath, syntax);
        }
        if (syntax == Syntax.YAML && plainYaml != null
                && plainYaml.parse(content) instanceof PlainYamlParser.Parsed parsed) {
            return loaded(parsed, displayPath);
        }
        return parse(() -> factory(syntax).createParser(content), displayPath, syntax);
    }

    /**
     * Parses a text already in memory, such as a file the caller read itself, with every limit
     * but the file size (the caller chose what to read).
     *
     * @param text the whole text
     * @param displayPath the text's name in diagnostics
     * @param syntax how to parse it
     */
    public LoadResult parse(String text, String displayPath, Syntax syntax) {
        int longLine = syntax == Syntax.YAML ? LongLines.firstLineLongerThan(text, limits.maxLineBytes()) : 0;
        if (longLine > 0) {
            return longLine(longLine, displayPath, syntax);
        }
        if (syntax == Syntax.YAML && plainYaml != null
                && plainYaml.parse(text) instanceof PlainYamlParser.Parsed parsed) {
            return loaded(parsed, displayPath);
        }
        return parse(() -> factory(syntax).createParser(text), displayPath, syntax);
    }

    /** The documents of a text in the plain subset: no anchors, aliases, duplicate keys or errors by construction. */
    private static LoadResult loaded(PlainYamlParser.Parsed parsed, String displayPath) {
        List<LoadedDocument> documents = new ArrayList<>();
        List<PlainYamlParser.Document> all = parsed.documents();
        for (int index = 0; index < all.size(); index++) {
            PlainYamlParser.Document document = all.get(index);
            if (document.root() != null && !isEmptyDocument(document.root())) {
                documents.add(new LoadedDocument(new SourceLocation(displayPath, index), document.root(),
                        document.line(), document.elementLines()));
            }
        }
        return new LoadResult(documents, Diagnostics.NONE, List.of(), List.of(), Optional.empty());
    }

    /** Parses a JSON text found inside a manifest, such as the CSV's {@code olm.properties}. */
    public JsonText parseJson(String text) {
        try (JsonParser parser = jsonFactory.createParser(text)) {
            if (parser.nextToken() == null) {
                return new JsonText.Malformed("it is empty");
            }
            JsonNode value = new TreeBuilder(parser, limits, new ExpansionBudget(limits.maxAliasExpansionNodes())).build();
            if (parser.nextToken() != null) {
                JsonLocation at = parser.currentTokenLocation();
                return new JsonText.Malformed("unexpected content after the JSON value at line " + at.getLineNr()
                        + ", column " + at.getColumnNr());
            }
            return new JsonText.Parsed(value);
        } catch (TreeBuildException | IOException | RuntimeException e) {
            ParseFailure failure = ParseFailures.of(e, 0);
            return new JsonText.Malformed(failure.kind() == ParseFailure.Kind.CONTENT
                    ? failure.problem() + ParseFailures.place(failure.line(), failure.column())
                    : ParseFailures.at(failure.line(), failure.column()) + failure.problem());
        }
    }

    private JsonFactory factory(Syntax syntax) {
        return syntax == Syntax.JSON ? jsonFactory : yamlFactory;
    }

    private static LoadResult unread(String displayPath, String error) {
        return LoadResult.unread(fileError(displayPath, error));
    }

    private LoadResult longLine(int line, String displayPath, Syntax syntax) {
        ParseFailure failure = new ParseFailure(ParseFailure.Kind.LONG_LINE, -1, line, 0, "line " + line
                + " is longer than the limit of " + limits.maxLineBytes()
                + " bytes (such lines take quadratic time to parse)");
        return new LoadResult(List.of(), fileError(displayPath, message(failure, syntax)), List.of(), List.of(),
                Optional.of(failure));
    }

    private static Diagnostics fileError(String displayPath, String error) {
        Diagnostics.Collector diagnostics = new Diagnostics.Collector();
        diagnostics.error(SourceLocation.file(displayPath), null, null, error);
        return diagnostics.toDiagnostics();
    }

    /** Opens a parser on the text to load. */
    @FunctionalInterface
    private interface ParserSource {
        JsonParser open() throws IOException;
    }

    private LoadResult parse(ParserSource source, String displayPath, Syntax syntax) {
        Diagnostics.Collector diagnostics = new Diagnostics.Collector();
        List<LoadedDocument> documents = new ArrayList<>();
        List<YamlReference> references = new ArrayList<>();
        List<DuplicateKey> duplicateKeys = new ArrayList<>();
        ParseFailure failure = null;
        int index = 0;
        ExpansionBudget budget = new ExpansionBudget(limits.maxAliasExpansionNodes());
        try (JsonParser parser = source.open()) {
            for (; parser.nextToken() != null; index++) {
                TreeBuilder builder = new TreeBuilder(parser, limits, budget);
                try {
                    JsonNode root = builder.build();
                    if (!isEmptyDocument(root)) {
                        LoadedDocument document = new LoadedDocument(new SourceLocation(displayPath, index), root,
                                builder.line(), builder.elementLines());
                        warnAboutDuplicateKeys(document, builder.duplicateKeys(), diagnostics);
                        documents.add(document);
                    }
                } finally {
                    // Also for a document that failed: a strict reader reports what came first.
                    references.addAll(builder.references());
                    duplicateKeys.addAll(builder.duplicateKeys());
                }
            }
        } catch (TreeBuildException | IOException | RuntimeException e) {
            // SnakeYAML and Jackson should only throw IOExceptions; anything else is still a
            // problem of this input, not a reason to stop reading the others.
            failure = ParseFailures.of(e, index);
            diagnostics.error(new SourceLocation(displayPath, index), null, null, message(failure, syntax));
        }
        return new LoadResult(documents, diagnostics.toDiagnostics(), references, duplicateKeys,
                Optional.ofNullable(failure));
    }

    private static void warnAboutDuplicateKeys(LoadedDocument document, List<DuplicateKey> duplicateKeys,
            Diagnostics.Collector diagnostics) {
        for (DuplicateKey duplicate : duplicateKeys) {
            diagnostics.warning(document.location(), document.objectName(), duplicate.path(), "duplicate key '"
                    + duplicate.key() + "' at line " + duplicate.line() + "; the last value wins");
        }
    }

    /** The failure in the bundle reader's words. */
    private static String message(ParseFailure failure, Syntax syntax) {
        String at = ParseFailures.at(failure.line(), failure.column());
        switch (failure.kind()) {
            case SYNTAX:
                return syntax + " syntax error" + (at.isEmpty() ? ": " : " " + at) + failure.problem();
            case LIMIT:
                return "the input exceeds a reader limit: " + failure.problem();
            case LONG_LINE:
                return failure.problem() + "; it was not parsed";
            case CONTENT:
                return failure.problem() + ParseFailures.place(failure.line(), failure.column());
            default:
                return "cannot parse: " + failure.problem();
        }
    }

    /** {@code ---} followed by nothing is an empty document, which YAML allows and we skip. */
    private static boolean isEmptyDocument(JsonNode root) {
        return root.isNull() || (root.isTextual() && root.textValue().isEmpty());
    }
}
