package dev.bundlectl.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Rules about the source tree that class files cannot show: no module holds more than 35% of the main
 * code, and main-code comments point to the repository's own docs, never to documents a clone does
 * not have.
 */
class SourceTreeRulesTest {

    /** The modules that make up the product (bench measures it and is not part of it). */
    private static final List<String> PRODUCT_MODULES = List.of(
            "bundle-reader", "crd-schema", "csv-render", "bundle-source", "installplan", "cluster-client", "step-executor",
            "controller", "cli");
    private static final double LARGEST_SHARE = 0.35;
    private static final Pattern OUTSIDE_REFERENCE = Pattern.compile(
            "seeds? ?0\\d\\d|\\.\\./shared/(docs|seeds)|(?<!docs/)semantics\\.md");

    @Test
    void noModuleHoldsMoreThanAThirdOfTheMainCode() {
        Map<String, Long> lines = new LinkedHashMap<>();
        for (String module : PRODUCT_MODULES) {
            Path main = repoRoot().resolve(module).resolve("src/main/java");
            if (Files.isDirectory(main)) {
                lines.put(module, javaFiles(main).stream().mapToLong(SourceTreeRulesTest::nonBlankLines).sum());
            }
        }
        long total = lines.values().stream().mapToLong(Long::longValue).sum();
        assertThat(lines).containsKeys("bundle-reader", "installplan", "cluster-client", "step-executor", "controller", "cli");
        lines.forEach((module, count) -> assertThat((double) count / total)
                .as("%s holds %d of %d main-code lines", module, count, total)
                .isLessThanOrEqualTo(LARGEST_SHARE));
    }

    @Test
    void mainCodeCommentsPointInsideTheRepository() {
        List<String> offenders = new ArrayList<>();
        for (String module : PRODUCT_MODULES) {
            Path main = repoRoot().resolve(module).resolve("src/main/java");
            if (!Files.isDirectory(main)) {
                continue;
            }
            for (Path file : javaFiles(main)) {
                List<String> text = read(file);
                for (int i = 0; i < text.size(); i++) {
                    if (OUTSIDE_REFERENCE.matcher(text.get(i)).find()) {
                        offenders.add(repoRoot().relativize(file) + ":" + (i + 1) + ": " + text.get(i).strip());
                    }
                }
            }
        }
        assertThat(offenders).as("comments citing documents outside the repository").isEmpty();
    }

    @Test
    void theRuleNoticesAnOutsideReference() {
        // The scan above passes on an empty tree too; prove the pattern catches what it is for.
        assertThat(OUTSIDE_REFERENCE.matcher("as seed 003 says").find()).isTrue();
        assertThat(OUTSIDE_REFERENCE.matcher("see semantics.md §3").find()).isTrue();
        assertThat(OUTSIDE_REFERENCE.matcher("see docs/semantics.md §3").find()).isFalse();
    }

    private static List<Path> javaFiles(Path root) {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(file -> file.toString().endsWith(".java")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static long nonBlankLines(Path file) {
        return read(file).stream().filter(line -> !line.isBlank()).count();
    }

    private static List<String> read(Path file) {
        try {
            return Files.readAllLines(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path repoRoot() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.exists(dir.resolve("mvnw"))) {
            dir = dir.getParent();
        }
        if (dir == null) {
            throw new IllegalStateException("not inside the bundlectl repository: " + Path.of("").toAbsolutePath());
        }
        return dir;
    }
}
