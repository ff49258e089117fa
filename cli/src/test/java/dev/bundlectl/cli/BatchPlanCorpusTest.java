package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bundlectl.bundle.testing.SharedCorpus;
import dev.bundlectl.executor.testing.RealApiServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * {@code bundlectl plan --recursive <dev corpus> -o jsonl} in one run: the verdict of every
 * bundle is pinned in {@code pinned/batch-plan-corpus.tsv}, the counts per verdict here, and both
 * must agree with what {@code plan DIR} decided for the same bundles one at a time, as
 * {@code pinned/real-server-corpus.k8s-1.34.tsv} records it ({@code refused: plan exit 3} is predicted to
 * fail, {@code exit 2} invalid, anything else was installable).
 */
class BatchPlanCorpusTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void everyDevBundleHasItsPinnedVerdictInOneRun() throws IOException {
        Path dev = SharedCorpus.dev();
        CliResult result = Cli.run("plan", "--recursive", dev.toString(), "-o", "jsonl");
        assertThat(result.showsStackTrace()).as(result.describe()).isFalse();
        assertThat(result.exitCode()).as("some bundles are invalid").isEqualTo(ExitCode.INVALID_INPUT);

        PinnedOutcomes pinned = PinnedOutcomes.in("batch-plan-corpus.tsv");
        Map<String, String> verdicts = new LinkedHashMap<>();
        Map<String, Integer> counts = new TreeMap<>();
        for (String line : result.outLines()) {
            JsonNode summary = JSON.readTree(line);
            String name = SharedCorpus.devName(Path.of(summary.path("path").asText()));
            String verdict = summary.path("verdict").asText();
            verdicts.put(name, verdict);
            counts.merge(verdict, 1, Integer::sum);
            pinned.record(name, verdict);
        }
        // konflux's two versions are predicted to fail: their CSV's olm.operatorNamespace names another
        // namespace, so OLM would take it for a copy (CopiedCsvMarks).
        assertThat(counts).containsExactlyInAnyOrderEntriesOf(
                Map.of("installable", 119, "predicted to fail", 25, "invalid", 6));
        assertAgreesWithOneAtATime(verdicts);
        pinned.verify();
    }

    /**
     * The same verdict as {@code plan DIR} for every directory both ran on. The batch finds two
     * bundles one level below a directory that is not a bundle root itself (its {@code bundle/}
     * or {@code certification/} folder), where {@code plan DIR} on the folder above is invalid.
     */
    private static void assertAgreesWithOneAtATime(Map<String, String> verdicts) {
        Map<String, String> oneAtATime = oneAtATimeVerdicts();
        List<String> onlyInBatch = new ArrayList<>();
        verdicts.forEach((name, verdict) -> {
            if (oneAtATime.containsKey(name)) {
                assertThat(verdict).as(name).isEqualTo(oneAtATime.get(name));
            } else {
                onlyInBatch.add(name);
            }
        });
        assertThat(onlyInBatch).containsExactly("_oddlayout/gitlab-runner-operator/1.23.1/certification",
                "_oddlayout/rabbitmq-messaging-topology-operator/1.18.3/bundle");
        for (String nested : onlyInBatch) {
            String parent = nested.substring(0, nested.lastIndexOf('/'));
            assertThat(oneAtATime.get(parent)).as(parent).isEqualTo("invalid");
            assertThat(verdicts).doesNotContainKey(parent);
        }
        List<String> parents = onlyInBatch.stream().map(nested -> nested.substring(0, nested.lastIndexOf('/'))).toList();
        assertThat(oneAtATime.keySet().stream().filter(name -> !verdicts.containsKey(name)))
                .as("planned one at a time but not found by the batch").containsExactlyElementsOf(parents);
    }

    /**
     * The OLM-mode plan outcome per bundle that the real server of the built-in surface's release
     * pinned ({@code pinned/real-server-corpus.k8s-1.34.tsv}), as a verdict: the offline plan
     * plans against that release.
     */
    private static Map<String, String> oneAtATimeVerdicts() {
        Map<String, String> verdicts = new LinkedHashMap<>();
        try {
            for (String line : Files.readAllLines(PinnedOutcomes.file(PinnedOutcomes.onRelease("real-server-corpus",
                    RealApiServer.minorOf(RealApiServer.NEWEST))))) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] columns = line.split("\t", 2);
                String olm = columns[1].split(" \\| ", 2)[0];
                verdicts.put(columns[0], olm.equals("olm: refused: plan exit 3") ? "predicted to fail"
                        : olm.equals("olm: refused: plan exit 2") ? "invalid" : "installable");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return verdicts;
    }
}
