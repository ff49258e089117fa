package dev.bundlectl.bundle.yaml;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import dev.bundlectl.bundle.Diagnostics;
import dev.bundlectl.bundle.ReaderLimits;
import dev.bundlectl.bundle.SourceLocation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;

/**
 * Loads YAML and JSON files into trees within {@link ReaderLimits}, and never throws for bad
 * input: every problem becomes a diagnostic naming the file, the document and, where the parser
 * knows it, the line and column.
 *
 * <p>Order of defences: the file size is checked before a byte is read; a YAML file's longest
 * line is checked before it is parsed (SnakeYAML scans one-line scalars in quadratic time);
 * Jackson's {@link StreamReadConstraints} bound strings, documents and nesting while parsing; and
 * {@link TreeBuilder} bounds nesting and alias expansion while building the tree.
 *
 * <p>Files ending in {@code .json} are parsed as JSON, all others as (multi-document) YAML.
 * Instances are immutable and may be shared.
 */
public final class SafeYamlLoader {

    private final ReaderLimits limits;
    private final YAMLFactory yamlFactory;
    private final JsonFactory jsonFactory;

    public SafeYamlLoader(ReaderLimits limits) {
        this.limits = limits;
        StreamReadConstraints constraints = StreamReadConstraints.builder()
                // One more than our own bound, so that TreeBuilder reports it in its own words.
                .maxNestingDepth(limits.maxNestingDepth() + 1)
                .maxStringLength(limits.maxStringLength())
                .maxDocumentLength(limits.maxFileBytes())
                .build();
        LoaderOptions options = new LoaderOptions();
        // SnakeYAML's default of 3 MB per document would reject real CRD files; the file size
        // bound already holds every document.
        options.setCodePointLimit((int) limits.maxFileBytes());
        options.setNestingDepthLimit(limits.maxNestingDepth() + 1);
        this.yamlFactory = new AnchorAwareYamlFactory(YAMLFactory.builder()
                .loaderOptions(options)
                .streamReadConstraints(constraints)
                // `key:` with nothing after it is null, as Kubernetes reads it, not "".
                .enable(YAMLParser.Feature.EMPTY_STRING_AS_NULL));
        this.jsonFactory = JsonFactory.builder().streamReadConstraints(constraints).build();
    }

    /** Whether {@link #load} parses a file of this name as JSON rather than YAML. */
    public static boolean isJson(String fileName) {
        return fileName.toLowerCase(Locale.ROOT).endsWith(".json");
    }

    /**
     * Reads and parses one file.
     *
     * @param file the file
     * @param displayPath the file's name in diagnostics, relative to the bundle or payload root
     */
    public LoadResult load(Path file, String displayPath) {
        Diagnostics.Collector diagnostics = new Diagnostics.Collector();
        SourceLocation wholeFile = SourceLocation.file(displayPath);
        byte[] content;
        try {
            long size = Files.size(file);
            if (size > limits.maxFileBytes()) {
                diagnostics.error(wholeFile, null, null, "the file is " + size + " bytes, more than the limit of "
                        + limits.maxFileBytes() + " bytes; it was not read");
                return new LoadResult(List.of(), diagnostics.toDiagnostics());
            }
            content = Files.readAllBytes(file);
        } catch (IOException | SecurityException e) {
            diagnostics.error(wholeFile, null, null, "cannot read the file: " + describe(e));
            return new LoadResult(List.of(), diagnostics.toDiagnostics());
        }
        boolean json = isJson(displayPath);
        if (!json) {
            int longLine = LongLines.firstLineLongerThan(content, limits.maxLineBytes());
            if (longLine > 0) {
                diagnostics.error(wholeFile, null, null, "line " + longLine + " is longer than the limit of "
                        + limits.maxLineBytes() + " bytes (such lines take quadratic time to parse); it was not parsed");
                return new LoadResult(List.of(), diagnostics.toDiagnostics());
            }
        }
        List<LoadedDocument> documents = new ArrayList<>();
        parseDocuments(content, json, displayPath, documents, diagnostics);
        return new LoadResult(documents, diagnostics.toDiagnostics());
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
        } catch (TreeBuildException e) {
            return new JsonText.Malformed(e.getMessage() + place(e));
        } catch (JsonProcessingException e) {
            return new JsonText.Malformed(syntaxProblem(e));
        } catch (IOException | RuntimeException e) {
            return new JsonText.Malformed(describe(e));
        }
    }

    private void parseDocuments(byte[] content, boolean json, String displayPath, List<LoadedDocument> documents,
            Diagnostics.Collector diagnostics) {
        int index = 0;
        ExpansionBudget budget = new ExpansionBudget(limits.maxAliasExpansionNodes());
        try (JsonParser parser = json ? jsonFactory.createParser(content) : yamlFactory.createParser(content)) {
            for (; parser.nextToken() != null; index++) {
                SourceLocation location = new SourceLocation(displayPath, index);
                TreeBuilder builder = new TreeBuilder(parser, limits, budget);
                try {
                    JsonNode root = builder.build();
                    if (isEmptyDocument(root)) {
                        continue;
                    }
                    LoadedDocument document = new LoadedDocument(location, root);
                    for (DuplicateKey duplicate : builder.duplicateKeys()) {
                        diagnostics.warning(location, document.objectName(), duplicate.path(), "duplicate key '"
                                + duplicate.key() + "' at line " + duplicate.line() + "; the last value wins");
                    }
                    documents.add(document);
                } catch (TreeBuildException e) {
                    diagnostics.error(location, null, null, e.getMessage() + place(e));
                    return;
                }
            }
        } catch (StreamConstraintsException e) {
            diagnostics.error(new SourceLocation(displayPath, index), null, null,
                    labelled("the input exceeds a reader limit", firstLine(e.getOriginalMessage())));
        } catch (JsonProcessingException e) {
            diagnostics.error(new SourceLocation(displayPath, index), null, null,
                    labelled(json ? "JSON syntax error" : "YAML syntax error", syntaxProblem(e)));
        } catch (IOException | RuntimeException e) {
            // SnakeYAML and Jackson should only throw the above; anything else is still a problem
            // of this input, not a reason to stop reading the others.
            diagnostics.error(new SourceLocation(displayPath, index), null, null, "cannot parse: " + describe(e));
        }
    }

    /** {@code ---} followed by nothing is an empty document, which YAML allows and we skip. */
    private static boolean isEmptyDocument(JsonNode root) {
        return root.isNull() || (root.isTextual() && root.textValue().isEmpty());
    }

    /** "at line L, column C: problem", preferring SnakeYAML's mark, which points at the culprit. */
    private static String syntaxProblem(JsonProcessingException e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof MarkedYAMLException) {
                MarkedYAMLException marked = (MarkedYAMLException) cause;
                Mark mark = marked.getProblemMark() != null ? marked.getProblemMark() : marked.getContextMark();
                String problem = marked.getProblem() != null ? marked.getProblem() : marked.getContext();
                String context = marked.getProblem() != null && marked.getContext() != null
                        ? " (" + firstLine(marked.getContext()) + ")" : "";
                String where = mark == null ? "" : at(mark.getLine() + 1, mark.getColumn() + 1);
                return where + firstLine(problem) + context;
            }
        }
        JsonLocation location = e.getLocation();
        String where = location == null ? "" : at(location.getLineNr(), location.getColumnNr());
        return where + firstLine(e.getOriginalMessage());
    }

    /** "label at line L, column C: problem" when the problem starts with its place, else "label: problem". */
    private static String labelled(String label, String problem) {
        return label + (problem.startsWith("at line ") ? " " : ": ") + problem;
    }

    /** " (line L, column C)" for a tree-building failure, or "" when the place is unknown. */
    private static String place(TreeBuildException e) {
        if (e.line() <= 0) {
            return "";
        }
        return e.column() > 0 ? " (line " + e.line() + ", column " + e.column() + ")" : " (line " + e.line() + ")";
    }

    private static String at(int line, int column) {
        if (line <= 0) {
            return "";
        }
        return column > 0 ? "at line " + line + ", column " + column + ": " : "at line " + line + ": ";
    }

    private static String describe(Exception e) {
        String message = e.getMessage();
        String kind = e.getClass().getSimpleName();
        return message == null ? kind : kind + ": " + firstLine(message);
    }

    private static String firstLine(String text) {
        if (text == null) {
            return "";
        }
        int newline = text.indexOf('\n');
        return (newline < 0 ? text : text.substring(0, newline)).trim();
    }
}
