package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bundlectl plan DIR DIR…} and {@code plan --recursive ROOT} on the samples and on trees
 * built here: which directories are planned, the verdict of each, the summary, the exit code.
 */
class BatchPlanCliTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String CACHEBOX = TestPaths.arg("samples/bundles/cachebox-operator");
    private static final String DASHBOARD = TestPaths.arg("samples/bundles/dashboard-operator");

    @Test
    void severalDirectoriesGiveOneRowEachInOrderThenTheCountsAndTheCommonestReasons() {
        CliResult result = Cli.run("plan", DASHBOARD, CACHEBOX);

        assertThat(result.exitCode()).as(result.describe()).isEqualTo(ExitCode.PLAN_FAILED);
        List<String> lines = result.outLines();
        assertThat(lines.get(0)).startsWith("PATH").contains("PACKAGE", "CSV", "VERDICT", "REASON");
        assertThat(lines.get(1)).startsWith(DASHBOARD).contains("dashboard-operator", "predicted to fail");
        assertThat(lines.get(2)).startsWith(CACHEBOX).contains("cachebox-operator", "cachebox-operator.v0.3.1",
                "installable");
        assertThat(result.out()).contains("2 bundles: 1 installable, 1 predicted to fail, 0 invalid.")
                .contains("Most common reasons (bundles):");
        assertThat(result.showsStackTrace()).isFalse();
    }

    @Test
    void oneDirectoryKeepsTheSinglePlanTable() {
        CliResult one = Cli.run("plan", CACHEBOX);

        assertThat(one.exitCode()).isEqualTo(ExitCode.OK);
        assertThat(one.outLines().get(0)).startsWith("#").contains("KIND", "STATUS");
        assertThat(one.out()).doesNotContain("bundles:").doesNotContain("VERDICT");
    }

    @Test
    void recursiveOnOneBundleIsItsSummaryLine() throws IOException {
        CliResult result = Cli.run("plan", "--recursive", CACHEBOX, "-o", "jsonl");

        assertThat(result.exitCode()).as(result.describe()).isEqualTo(ExitCode.OK);
        assertThat(result.outLines()).hasSize(1);
        JsonNode line = JSON.readTree(result.outLines().get(0));
        assertThat(line.path("path").asText()).isEqualTo(CACHEBOX);
        assertThat(line.path("package").asText()).isEqualTo("cachebox-operator");
        assertThat(line.path("csv").asText()).isEqualTo("cachebox-operator.v0.3.1");
        assertThat(line.path("verdict").asText()).isEqualTo("installable");
        assertThat(line.path("reasons").isArray()).isTrue();
        assertThat(line.path("reasons")).isEmpty();
        assertThat(line.path("ms").isIntegralNumber()).as("the bundle's planning time: %s", line).isTrue();
        assertThat(line.path("ms").asLong()).isNotNegative();
    }

    @Test
    void recursivePlansEveryBundleBelowTheRootAndNothingElse(@TempDir Path dir) throws IOException {
        Path root = Files.createDirectories(dir.resolve("catalog"));
        Path outside = BundleFixture.minimal(dir.resolve("outside-bundle")).root();
        BundleFixture.minimal(root.resolve("a/valid"));
        // A bundle's own subdirectories are never searched: this one is part of a/valid.
        BundleFixture.minimal(root.resolve("a/valid/extra/inner"));
        SampleCopies.unmarked(Files.createDirectories(root.resolve("b/deeper/still/monitoring")));
        BundleFixture.minimal(root.resolve("c/broken")).write("manifests/bad.yaml", "kind: [unclosed\n");
        BundleFixture.minimal(root.resolve(".hidden/skipped"));
        Files.createDirectories(root.resolve("d/empty"));
        Files.createSymbolicLink(root.resolve("out-link"), outside);
        Files.createSymbolicLink(root.resolve("in-link"), root.resolve("a"));

        CliResult result = Cli.run("plan", "--recursive", root.toString(), "-o", "jsonl");

        assertThat(result.exitCode()).as("invalid (2) wins over predicted to fail (3)\n" + result.describe())
                .isEqualTo(ExitCode.INVALID_INPUT);
        Map<String, JsonNode> byPath = byRelativePath(root, result);
        assertThat(byPath.keySet()).containsExactly("a/valid", "b/deeper/still/monitoring", "c/broken");
        assertThat(byPath.get("a/valid").path("verdict").asText()).isEqualTo("installable");
        assertThat(byPath.get("a/valid").path("csv").asText()).isEqualTo(BundleFixture.CSV_NAME);
        JsonNode monitoring = byPath.get("b/deeper/still/monitoring");
        assertThat(monitoring.path("verdict").asText()).isEqualTo("predicted to fail");
        assertThat(texts(monitoring.path("reasons"))).anyMatch(reason -> reason.startsWith("ServiceMonitor/"));
        JsonNode broken = byPath.get("c/broken");
        assertThat(broken.path("verdict").asText()).isEqualTo("invalid");
        assertThat(broken.path("package").isNull()).isTrue();
        assertThat(texts(broken.path("reasons"))).anyMatch(reason -> reason.startsWith("manifests/bad.yaml"));
        assertThat(result.err()).contains("out-link").contains("outside").doesNotContain("hidden");
        assertThat(result.showsStackTrace()).isFalse();
    }

    @Test
    void exitCodeIsZeroOnlyWhenEveryBundleIsInstallableAndThreeWhenOneIsPredictedToFail(@TempDir Path dir)
            throws IOException {
        BundleFixture.minimal(dir.resolve("one"));
        BundleFixture.minimal(dir.resolve("two"));
        CliResult allGood = Cli.run("plan", "-r", dir.toString());
        assertThat(allGood.exitCode()).as(allGood.describe()).isEqualTo(ExitCode.OK);
        assertThat(allGood.out()).contains("2 bundles: 2 installable, 0 predicted to fail, 0 invalid.")
                .doesNotContain("Most common reasons");

        SampleCopies.unmarked(Files.createDirectories(dir.resolve("three")));
        CliResult oneFails = Cli.run("plan", "-r", dir.toString());
        assertThat(oneFails.exitCode()).as(oneFails.describe()).isEqualTo(ExitCode.PLAN_FAILED);
        assertThat(oneFails.out()).contains("3 bundles: 2 installable, 1 predicted to fail, 0 invalid.");
    }

    @Test
    void aDirectoryThatIsNotABundleIsInvalidAmongSeveral(@TempDir Path dir) throws IOException {
        Path notABundle = Files.createDirectories(dir.resolve("plain"));
        Files.writeString(notABundle.resolve("cm.yaml"), "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n");

        CliResult result = Cli.run("plan", CACHEBOX, notABundle.toString());

        assertThat(result.exitCode()).as(result.describe()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(result.out()).contains("not a bundle").contains("2 bundles: 1 installable, 0 predicted to fail, 1 invalid.");
    }

    @Test
    void hiddenCharactersInReasonsAreEscapedInTheTableAndInJsonl(@TempDir Path dir) throws IOException {
        String sly = "bad\u202egnp.yaml";
        BundleFixture.minimal(dir.resolve("bidi")).write("manifests/" + sly, "kind: [unclosed\n");

        CliResult table = Cli.run("plan", "-r", dir.toString());
        CliResult jsonl = Cli.run("plan", "-r", dir.toString(), "-o", "jsonl");

        assertThat(table.exitCode()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(table.out()).doesNotContain("\u202e").contains("bad\\u202egnp.yaml");
        assertThat(jsonl.out()).doesNotContain("\u202e").contains("\\u202E");
        JsonNode line = JSON.readTree(jsonl.outLines().get(0));
        assertThat(texts(line.path("reasons"))).anyMatch(reason -> reason.contains(sly));
    }

    @Test
    void optionsThatCannotApplyToSeveralBundlesAreInvalidInputBeforeAnyBundleIsRead(@TempDir Path dir)
            throws IOException {
        BundleFixture.minimal(dir.resolve("one"));

        CliResult yaml = Cli.run("plan", "-r", dir.toString(), "-o", "yaml");
        CliResult cluster = Cli.run("plan", "-r", dir.toString(), "--kubeconfig", dir.resolve("nope").toString());
        CliResult surface = Cli.run("plan", "-r", dir.toString(), "--api-surface", "no-such-surface");
        CliResult empty = Cli.run("plan", "-r", Files.createDirectories(dir.resolve("one/../empty")).toString());

        assertThat(yaml.exitCode()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(yaml.err()).contains("-o yaml prints one InstallPlan");
        assertThat(cluster.exitCode()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(cluster.err()).contains("planned offline");
        assertThat(surface.exitCode()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(surface.err()).contains("--api-surface no-such-surface");
        assertThat(empty.exitCode()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(empty.err()).contains("no bundle below it");
        for (CliResult result : List.of(yaml, cluster, surface, empty)) {
            assertThat(result.out()).as(result.describe()).isEmpty();
            assertThat(result.showsStackTrace()).isFalse();
        }
    }

    @Test
    void theApiSurfaceIsAppliedToEveryBundle(@TempDir Path dir) throws IOException {
        SampleCopies.unmarked(Files.createDirectories(dir.resolve("x")), true);
        SampleCopies.unmarked(Files.createDirectories(dir.resolve("y")), true);
        Path surface = TestPaths.inRepo("samples/api-surfaces/kind-with-prometheus.txt");

        CliResult builtIn = Cli.run("plan", "-r", dir.toString(), "-o", "jsonl");
        CliResult result = Cli.run("plan", "-r", dir.toString(), "--api-surface", surface.toString(), "-o", "jsonl");

        assertThat(builtIn.exitCode()).as(builtIn.describe()).isEqualTo(ExitCode.PLAN_FAILED);
        assertThat(result.exitCode()).as(result.describe()).isEqualTo(ExitCode.OK);
        assertThat(result.outLines()).hasSize(2)
                .allSatisfy(line -> assertThat(line).contains("\"verdict\":\"installable\""));
    }

    /** Every stdout line parsed as JSON, keyed by its path relative to {@code root}, in output order. */
    private static Map<String, JsonNode> byRelativePath(Path root, CliResult result) {
        Map<String, JsonNode> byPath = new LinkedHashMap<>();
        for (String line : result.outLines()) {
            try {
                JsonNode node = JSON.readTree(line);
                byPath.put(root.relativize(Path.of(node.path("path").asText())).toString(), node);
            } catch (IOException e) {
                throw new UncheckedIOException("not JSON: " + line, e);
            }
        }
        return byPath;
    }

    private static List<String> texts(JsonNode array) {
        List<String> texts = new ArrayList<>();
        array.forEach(node -> texts.add(node.asText()));
        return texts;
    }
}
