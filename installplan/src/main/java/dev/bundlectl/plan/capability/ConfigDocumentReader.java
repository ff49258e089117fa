package dev.bundlectl.plan.capability;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import dev.bundlectl.bundle.Diagnostics;
import dev.bundlectl.bundle.SourceLocation;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.yaml.snakeyaml.LoaderOptions;

/**
 * Reads the single YAML or JSON document of a small configuration file, within limits.
 *
 * <p>jackson-dataformat-yaml does not expand aliases (it turns {@code *a} into the string
 * {@code "a"}), so a document with an alias would be read wrong without a word; aliases are
 * rejected instead. Input size, nesting and string length are capped before and while parsing,
 * and duplicate keys are an error, because a configuration file that says two things means neither.
 */
final class ConfigDocumentReader {

    /** Capability configurations are a few lines; anything larger is a mistake. */
    static final int MAX_BYTES = 256 * 1024;
    private static final int MAX_NESTING = 64;

    private final String source;

    ConfigDocumentReader(String source) {
        this.source = source;
    }

    /** The document, or empty with an error added to {@code found}. */
    Optional<JsonNode> read(String content, Diagnostics.Collector found) {
        SourceLocation location = SourceLocation.file(source);
        if (content.length() > MAX_BYTES) {
            found.error(location, null, null, "the file is larger than " + MAX_BYTES
                    + " bytes; a capability configuration is a few lines");
            return Optional.empty();
        }
        String trimmed = content.strip();
        if (trimmed.isEmpty()) {
            found.error(location, null, null, "the file is empty");
            return Optional.empty();
        }
        // By name, not by the first character: "{baselineCapabilitySet: None}" is YAML, not JSON.
        boolean json = source.toLowerCase(java.util.Locale.ROOT).endsWith(".json");
        try {
            if (!json) {
                Optional<String> alias = firstAlias(content);
                if (alias.isPresent()) {
                    found.error(location, null, null, alias.get());
                    return Optional.empty();
                }
            }
            List<JsonNode> documents = readAll(json ? jsonMapper() : yamlMapper(), content);
            if (documents.isEmpty()) {
                found.error(location, null, null, "the file holds no document");
                return Optional.empty();
            }
            if (documents.size() > 1) {
                found.error(location, null, null, "expected one document, found " + documents.size());
                return Optional.empty();
            }
            return Optional.of(documents.get(0));
        } catch (JsonProcessingException e) {
            found.error(location, null, null, "invalid " + (json ? "JSON" : "YAML") + at(e.getLocation()) + ": "
                    + firstLine(e.getOriginalMessage()));
            return Optional.empty();
        } catch (IOException | RuntimeException e) {
            // SnakeYAML reports some limits as unchecked exceptions; they are still bad input.
            found.error(location, null, null, "invalid " + (json ? "JSON" : "YAML") + ": " + firstLine(e.getMessage()));
            return Optional.empty();
        }
    }

    private static List<JsonNode> readAll(ObjectMapper mapper, String content) throws IOException {
        // Read value by value rather than with readValues(), which would unwrap a top-level list
        // into its elements and hide that the file is not a mapping.
        List<JsonNode> documents = new ArrayList<>();
        try (JsonParser parser = mapper.createParser(content)) {
            while (parser.nextToken() != null) {
                JsonNode document = mapper.readTree(parser);
                if (document != null && !document.isMissingNode() && !document.isNull()) {
                    documents.add(document);
                }
            }
        }
        return documents;
    }

    private Optional<String> firstAlias(String content) throws IOException {
        try (JsonParser parser = yamlFactory().createParser(content)) {
            while (parser.nextToken() != null) {
                if (parser instanceof YAMLParser && ((YAMLParser) parser).isCurrentAlias()) {
                    return Optional.of("YAML aliases are not supported" + at(parser.currentTokenLocation())
                            + ": write the value out in full");
                }
            }
        }
        return Optional.empty();
    }

    private static StreamReadConstraints constraints() {
        return StreamReadConstraints.builder()
                .maxNestingDepth(MAX_NESTING)
                .maxStringLength(MAX_BYTES)
                .maxDocumentLength(MAX_BYTES)
                .build();
    }

    private static YAMLFactory yamlFactory() {
        LoaderOptions options = new LoaderOptions();
        options.setCodePointLimit(MAX_BYTES);
        options.setNestingDepthLimit(MAX_NESTING);
        options.setAllowDuplicateKeys(false);
        return YAMLFactory.builder().loaderOptions(options).streamReadConstraints(constraints()).build();
    }

    private static ObjectMapper yamlMapper() {
        return YAMLMapper.builder(yamlFactory()).enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY).build();
    }

    private static ObjectMapper jsonMapper() {
        JsonFactory factory = JsonFactory.builder().streamReadConstraints(constraints()).build();
        return JsonMapper.builder(factory).enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY).build();
    }

    private static String at(JsonLocation location) {
        if (location == null || location.getLineNr() < 1) {
            return "";
        }
        return " at line " + location.getLineNr() + ", column " + location.getColumnNr();
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "unreadable input";
        }
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }
}
