package dev.bundlectl.plan.objects;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.bundle.BundleReadResult;
import dev.bundlectl.bundle.read.BundleReader;
import dev.bundlectl.bundle.testing.SharedCorpus;
import dev.bundlectl.bundle.testing.SharedDirectory;
import dev.bundlectl.plan.CsvMode;
import dev.bundlectl.plan.InstallPlanner;
import dev.bundlectl.plan.PlanRequest;
import dev.bundlectl.plan.PlanResult;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.plan.api.ApiSurfaces;
import dev.bundlectl.render.RenderOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Plans every bundle of the dev corpus offline, in OLM mode and in render mode, and compares the
 * object checks' predicted rejections with what a real kube-apiserver 1.26 answered to the same
 * bundles (pinned by the CLI's {@code RealServerCorpusTest} in
 * {@code cli/src/test/resources/pinned/real-server-corpus.k8s-1.34.tsv}): every bundle the server refused
 * with 422 is now predicted to fail, and no bundle it accepted is.
 */
class CorpusObjectChecksTest {

    /** The outcomes on the release the built-in surface describes (1.34), the one these plans are made against. */
    private static final String PINNED = "cli/src/test/resources/pinned/real-server-corpus.k8s-1.34.tsv";

    /**
     * The bundles and modes a real kube-apiserver 1.26 refused with 422 when bundlectl still sent
     * them (RealServerCorpusTest, before the object checks existed; the pins now record them as
     * refused by plan): four CSVs against OLM's schema, four custom resources against their CRDs.
     */
    private static final Set<String> REFUSED_WITH_422 = Set.of(
            "_certified/aci-containers-operator/v1.0.7 olm",
            "_certified/federatorai-certified/4.7.2-1 olm",
            "community-trivy-operator/2.2.0 olm",
            "community-trivy-operator/2.3.0 olm",
            "ack-ecs-controller/1.0.10 olm", "ack-ecs-controller/1.0.10 render",
            "ack-ecs-controller/1.5.0 olm", "ack-ecs-controller/1.5.0 render",
            "ack-secretsmanager-controller/1.0.0 olm", "ack-secretsmanager-controller/1.0.0 render",
            "ack-secretsmanager-controller/1.4.1 olm", "ack-secretsmanager-controller/1.4.1 render");

    @Test
    void predictedRejectionsAreExactlyTheRealServersRefusals() throws IOException {
        Map<String, String[]> pinned = pinnedOutcomes();
        BundleReader reader = new BundleReader();
        InstallPlanner planner = new InstallPlanner();
        Map<String, String> predicted = new TreeMap<>();
        List<String> wrong = new ArrayList<>();
        for (Path dir : SharedCorpus.devBundleDirs()) {
            BundleReadResult read = reader.read(dir);
            if (read.bundle().isEmpty()) {
                continue;
            }
            String name = SharedCorpus.devName(dir);
            String[] real = pinned.get(name);
            assertThat(real).as("pinned real-server outcome of " + name).isNotNull();
            for (CsvMode mode : List.of(CsvMode.OLM, CsvMode.RENDER)) {
                PlanRequest request = PlanRequest.of("ns", ApiSurfaces.builtIn(), name)
                        .withCsvMode(mode, RenderOptions.DEFAULTS);
                PlanResult result = planner.plan(read.bundle().get(), request);
                String rejection = firstRejection(result);
                String realOutcome = mode == CsvMode.OLM ? real[0] : real[1];
                boolean serverRefused = REFUSED_WITH_422.contains(name + " " + mode);
                if (rejection != null) {
                    predicted.put(name + " " + mode, rejection);
                }
                if (serverRefused && rejection == null) {
                    wrong.add(name + " " + mode + ": the real server refused it, not predicted: " + realOutcome);
                }
                if (rejection != null && realOutcome.startsWith("Complete")) {
                    wrong.add(name + " " + mode + ": the real server accepted it, predicted: " + rejection);
                }
            }
        }
        predicted.forEach((bundle, rejection) -> System.out.println("[objects] " + bundle + "\t" + rejection));
        assertThat(wrong).isEmpty();
        assertThat(predicted.keySet()).containsExactlyInAnyOrderElementsOf(REFUSED_WITH_422);
    }

    /** The first step that the object checks predict the server will refuse, as {@code Kind/name: message}. */
    private static String firstRejection(PlanResult result) {
        for (Step step : result.plan().status().plan()) {
            boolean refused = step.status() == StepStatus.FAILED || step.status() == StepStatus.NOT_CREATED;
            if (refused && step.message() != null
                    && (step.message().contains(" is invalid: ") || step.message().startsWith("Request entity too large"))) {
                return step.resource().displayName() + ": " + step.message();
            }
        }
        return null;
    }

    /** Bundle name to {olm outcome, render outcome}. */
    private static Map<String, String[]> pinnedOutcomes() throws IOException {
        Map<String, String[]> outcomes = new TreeMap<>();
        for (String line : Files.readAllLines(SharedDirectory.repoRoot().resolve(PINNED))) {
            if (line.startsWith("#") || line.isBlank()) {
                continue;
            }
            String[] columns = line.split("\t", 2);
            String[] modes = columns[1].split(" \\| render: ", 2);
            outcomes.put(columns[0], new String[] {modes[0].substring("olm: ".length()), modes[1]});
        }
        return outcomes;
    }
}
