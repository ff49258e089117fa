package dev.bundlectl.executor.diff;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.bundlectl.bundle.yaml.Mappers;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * A normalised object as the lines of YAML a diff compares: the plan's YAML style ({@link
 * Mappers#planYaml()}: quotes only where needed, long lines kept whole), keys in the order the tree holds them ({@link ObjectNormalisation} sorts them), and
 * multi-line strings as literal blocks, so that a change inside a long text (a CRD's description,
 * an embedded config file) is one changed line rather than one changed, very long, quoted string.
 */
public final class DiffYaml {

    private DiffYaml() {
    }

    /** The YAML lines of {@code object}, without a document marker. */
    public static List<String> lines(JsonNode object) {
        try {
            String text = Writer.WRITER.writeValueAsString(object);
            return text.isEmpty() ? List.of() : List.of(text.split("\n", -1)).subList(0, lineCount(text));
        } catch (JsonProcessingException e) {
            // A tree read from JSON always serialises; this would be a bug.
            throw new UncheckedIOException(e);
        }
    }

    private static int lineCount(String text) {
        int lines = (int) text.chars().filter(c -> c == '\n').count();
        return text.endsWith("\n") ? lines : lines + 1;
    }

    /**
     * Built on first use, like {@link Mappers}' own. The plan's YAML settings on a factory of its
     * own, since a YAML generator's features are fixed when its factory is built (an
     * {@link ObjectWriter} cannot turn on literal blocks or turn off the document marker).
     */
    private static final class Writer {
        static final ObjectWriter WRITER = new YAMLMapper(YAMLFactory.builder()
                .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
                .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
                .enable(YAMLGenerator.Feature.LITERAL_BLOCK_STYLE)
                .disable(YAMLGenerator.Feature.SPLIT_LINES)
                .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                .build()).writer();
    }
}
