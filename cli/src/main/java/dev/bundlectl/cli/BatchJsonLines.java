package dev.bundlectl.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import dev.bundlectl.plan.model.PlanDependency;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;

/**
 * A batch as JSON Lines: one object per bundle, {@code {"path", "package", "csv", "verdict",
 * "reasons", "dependencies", "ms"}} ({@code dependencies}: each with its status, only when the
 * bundle declares any) ({@code ms}: how long planning the bundle took, in milliseconds), written as
 * each bundle is done. Everything outside ASCII is written as {@code \\uXXXX}, so that a bidi
 * control in a reason can neither reorder what a person reads on the terminal nor change what a
 * JSON parser reads.
 */
final class BatchJsonLines implements BatchPrinter {

    private static final JsonFactory JSON = JsonFactory.builder().enable(JsonWriteFeature.ESCAPE_NON_ASCII).build();
    private static final CharacterEscapes ESCAPES = new DeleteEscaped();

    private final PrintWriter out;

    BatchJsonLines(PrintWriter out) {
        this.out = out;
    }

    @Override
    public void bundle(BatchResult result) {
        out.println(line(result));
        out.flush();
    }

    @Override
    public void finish(BatchTally tally) {
        out.flush();
    }

    /** JSON's own escapes, plus DEL, which {@link TerminalText} hides too and JSON would write raw. */
    private static final class DeleteEscaped extends CharacterEscapes {

        private final int[] ascii = standardAsciiEscapesForJSON();

        DeleteEscaped() {
            ascii[0x7f] = ESCAPE_STANDARD;
        }

        @Override
        public int[] getEscapeCodesForAscii() {
            return ascii;
        }

        @Override
        public SerializableString getEscapeSequence(int ch) {
            return null;
        }
    }

    /** The result as one line of JSON. */
    static String line(BatchResult result) {
        BundleSummary summary = result.summary();
        StringWriter text = new StringWriter();
        try (JsonGenerator json = JSON.createGenerator(text)) {
            json.setCharacterEscapes(ESCAPES);
            json.writeStartObject();
            json.writeStringField("path", summary.path());
            json.writeStringField("package", summary.packageName());
            json.writeStringField("csv", summary.csvName());
            json.writeStringField("verdict", summary.verdict().wireName());
            json.writeArrayFieldStart("reasons");
            for (String reason : summary.reasons()) {
                json.writeString(reason);
            }
            json.writeEndArray();
            if (!summary.dependencies().isEmpty()) {
                json.writeArrayFieldStart("dependencies");
                for (PlanDependency dependency : summary.dependencies()) {
                    json.writeStartObject();
                    json.writeStringField("dependency", dependency.describe());
                    json.writeStringField("status", dependency.status().wireName());
                    json.writeEndObject();
                }
                json.writeEndArray();
            }
            json.writeNumberField("ms", result.millis());
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write a summary line", e);
        }
        return text.toString();
    }
}
