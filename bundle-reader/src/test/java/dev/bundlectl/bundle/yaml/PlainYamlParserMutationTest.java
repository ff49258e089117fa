package dev.bundlectl.bundle.yaml;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.bundle.ReaderLimits;
import dev.bundlectl.bundle.testing.SharedCorpus;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Real manifests with small random edits at YAML's sensitive characters (indentation, colons,
 * dashes, quotes, comment marks, line breaks): whenever the plain-subset parser takes an edited
 * text, SnakeYAML must read it the same and find nothing wrong with it. Edits that break the YAML
 * must be declined, never read as something else. Seeded, so a failure repeats.
 */
class PlainYamlParserMutationTest {

    private static final ReaderLimits LIMITS = ReaderLimits.defaults();
    private static final String[] INSERTS = {" ", "  ", ":", ": ", "-", "- ", "\"", "'", "#", " #", "\n", "\n  ", "|",
        ">", "[", "]", "{", "}", ",", "?", "&", "*", "!", "\\", "~", "0", "1.5", "yes", "null", "\n- ", "\n---\n"};

    @Test
    void editedManifestsAreReadAsSnakeYamlReadsThemOrDeclined() throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(SharedCorpus.dev())) {
            files = walk.filter(f -> f.toString().endsWith(".yaml")).filter(f -> {
                try {
                    return Files.size(f) < 20_000;
                } catch (IOException e) {
                    return false;
                }
            }).sorted().limit(120).toList();
        }
        Random random = new Random(20261126);
        PlainYamlParser subset = new PlainYamlParser(LIMITS, EmptyValues.NULL);
        SafeYamlLoader plain = new SafeYamlLoader(LIMITS, EmptyValues.NULL, true);
        SafeYamlLoader snake = new SafeYamlLoader(LIMITS, EmptyValues.NULL, false);
        List<String> misread = new ArrayList<>();
        int taken = 0;
        int edits = 0;
        for (Path file : files) {
            String original = Files.readString(file, StandardCharsets.UTF_8);
            for (int i = 0; i < 25 && !original.isEmpty(); i++, edits++) {
                String text = edit(original, random);
                if (!(subset.parse(text) instanceof PlainYamlParser.Parsed)) {
                    continue;
                }
                taken++;
                String difference = LoadResults.difference(plain.parse(text, "t.yaml", Syntax.YAML),
                        snake.parse(text, "t.yaml", Syntax.YAML));
                if (difference != null) {
                    misread.add(file.getFileName() + " edit " + i + ": " + difference + "\n---\n" + text);
                }
            }
        }
        assertThat(misread).as("edited texts the subset read differently from SnakeYAML").isEmpty();
        // Most single edits leave valid YAML in the subset (an edit inside a description, say).
        assertThat(taken).as("edited texts taken, of %d", edits).isGreaterThan(edits / 4);
    }

    private static String edit(String text, Random random) {
        StringBuilder edited = new StringBuilder(text);
        int edits = 1 + random.nextInt(2);
        for (int e = 0; e < edits; e++) {
            int at = random.nextInt(edited.length() + 1);
            switch (random.nextInt(3)) {
                case 0 -> edited.insert(at, INSERTS[random.nextInt(INSERTS.length)]);
                case 1 -> {
                    if (at < edited.length()) {
                        edited.deleteCharAt(at);
                    }
                }
                default -> {
                    // Indentation: add or remove a space at the start of a line.
                    int lineStart = edited.lastIndexOf("\n", Math.max(0, at - 1)) + 1;
                    if (random.nextBoolean()) {
                        edited.insert(lineStart, ' ');
                    } else if (lineStart < edited.length() && edited.charAt(lineStart) == ' ') {
                        edited.deleteCharAt(lineStart);
                    }
                }
            }
        }
        return edited.toString();
    }
}
