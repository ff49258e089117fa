package dev.bundlectl.plan.capability;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.bundle.Diagnostics;
import dev.bundlectl.bundle.ReaderLimits;
import dev.bundlectl.bundle.SourceLocation;
import dev.bundlectl.bundle.yaml.DuplicateKey;
import dev.bundlectl.bundle.yaml.EmptyValues;
import dev.bundlectl.bundle.yaml.ParseFailure;
import dev.bundlectl.bundle.yaml.SafeYamlLoader;
import dev.bundlectl.bundle.yaml.Syntax;
import dev.bundlectl.bundle.yaml.YamlReference;
import dev.bundlectl.bundle.yaml.StrictDocument;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * Reads the single YAML or JSON document of a small configuration file with the project's
 * {@link SafeYamlLoader} and the {@link StrictDocument} rules, and words what is wrong for
 * capability configurations. Aliases are refused (anchors alone change nothing), duplicate keys
 * too, because a configuration file that says two things means neither.
 */
final class ConfigDocumentReader {

    /** Capability configurations are a few lines; anything larger is a mistake. */
    static final int MAX_BYTES = 256 * 1024;
    /** What a file over {@link #MAX_BYTES} is told. */
    static final String TOO_LARGE = "the file is larger than " + MAX_BYTES
            + " bytes; a capability configuration is a few lines";
    private static final int MAX_NESTING = 64;

    // Immutable, so safe to share. A blank "key:" stays "" so that it is an error, not a default.
    private static final SafeYamlLoader LOADER = new SafeYamlLoader(
            new ReaderLimits(MAX_BYTES, MAX_BYTES, MAX_BYTES, MAX_NESTING, ReaderLimits.DEFAULT_MAX_ALIAS_EXPANSION_NODES),
            EmptyValues.EMPTY_STRING);
    private static final Set<YamlReference.Kind> FORBIDDEN = EnumSet.of(YamlReference.Kind.ALIAS);

    private final String source;

    ConfigDocumentReader(String source) {
        this.source = source;
    }

    /** The document, or empty with an error added to {@code found}. */
    Optional<JsonNode> read(String content, Diagnostics.Collector found) {
        SourceLocation location = SourceLocation.file(source);
        if (content.length() > MAX_BYTES) {
            found.error(location, null, null, TOO_LARGE);
            return Optional.empty();
        }
        if (content.isBlank()) {
            found.error(location, null, null, "the file is empty");
            return Optional.empty();
        }
        // By name, not by the first character: "{baselineCapabilitySet: None}" is YAML, not JSON.
        Syntax syntax = Syntax.ofFileName(source);
        StrictDocument read = StrictDocument.of(LOADER.parse(content, source, syntax), FORBIDDEN);
        if (read instanceof StrictDocument.Refusal refusal) {
            found.error(location, null, null, refusal.describe(new Words(syntax)));
            return Optional.empty();
        }
        return Optional.of(((StrictDocument.One) read).document().root());
    }

    /** The refusals in the words capability configurations have always had. */
    private record Words(Syntax syntax) implements StrictDocument.Wording<String> {

        @Override
        public String forbidden(YamlReference reference) {
            return "YAML aliases are not supported" + at(reference.line(), reference.column())
                    + ": write the value out in full";
        }

        @Override
        public String duplicateKey(DuplicateKey key) {
            return invalid(key.line(), key.column(), "Duplicate field '" + key.key() + "'");
        }

        @Override
        public String unparsable(ParseFailure failure) {
            return invalid(failure.line(), failure.column(), failure.problem());
        }

        @Override
        public String extraDocument(int line, int documents) {
            return "expected one document, found " + documents;
        }

        @Override
        public String empty() {
            return "the file holds no document";
        }

        private String invalid(int line, int column, String problem) {
            return "invalid " + syntax + at(line, column) + ": " + problem;
        }

        private static String at(int line, int column) {
            return line < 1 ? "" : " at line " + line + ", column " + column;
        }
    }
}
