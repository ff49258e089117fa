package dev.bundlectl.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.bundlectl.plan.model.Step;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes a {@link TemplatePlan}: a YAML stream with a header comment, or ({@code -o dir=OUT}) one
 * file per object and a {@code kustomization.yaml} that lists them in order.
 */
final class TemplateOutput {

    private static final YAMLMapper YAML = YAMLMapper.builder()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
            .build();

    private TemplateOutput() {
    }

    /** The header comment: what was left out and why, in the plan's words; empty when nothing was. */
    static String header(TemplatePlan template) {
        StringBuilder header = new StringBuilder();
        if (!template.leftOut().isEmpty()) {
            header.append("# Left out (NotCreated):\n");
            for (Step step : template.leftOut()) {
                header.append("#   ").append(step.resource().displayName()).append(": ")
                        .append(oneLine(step.message())).append('\n');
            }
        }
        return header.toString();
    }

    /** The whole template as one YAML stream, {@code ---} between objects. */
    static String stream(TemplatePlan template) {
        StringBuilder stream = new StringBuilder(header(template));
        for (TemplatedObject object : template.objects()) {
            stream.append("---\n").append(yaml(object));
        }
        return stream.toString();
    }

    /** Prints the stream. */
    static void print(TemplatePlan template, PrintWriter out) {
        out.print(stream(template));
        out.flush();
    }

    /**
     * Writes one file per object into {@code directory} (created if missing) and a
     * {@code kustomization.yaml} naming them in plan order, headed by the left-out list.
     */
    static void writeDirectory(TemplatePlan template, Path directory) {
        try {
            Files.createDirectories(directory);
            List<String> files = new ArrayList<>();
            int position = 1;
            for (TemplatedObject object : template.objects()) {
                String file = object.fileName(position++);
                Files.writeString(directory.resolve(file), yaml(object), StandardCharsets.UTF_8);
                files.add(file);
            }
            StringBuilder kustomization = new StringBuilder(header(template))
                    .append("apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\n")
                    // kustomize 5 keeps this order (the plan's: CRDs before what uses them); without it, it
                    // sorts by kind.
                    .append("sortOptions:\n  order: fifo\nresources:\n");
            files.forEach(file -> kustomization.append("- ").append(file).append('\n'));
            Files.writeString(directory.resolve("kustomization.yaml"), kustomization, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UserInputException("-o dir=" + directory + ": cannot write: " + e.getMessage());
        }
    }

    private static String yaml(TemplatedObject object) {
        try {
            return YAML.writeValueAsString(object.object());
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String oneLine(String message) {
        return message == null ? "not created" : message.replaceAll("\\s+", " ");
    }
}
