package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.plan.olm.OlmNotes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The ten real bundles kept in {@code testdata/real-bundles} (so this runs in every clone), planned
 * offline on the default surface, with each verdict pinned in {@code pinned/real-bundles-plan.tsv}.
 * The pins are cross-checked against what the bundles carry, counted here from their files
 * independently of the planner: a bundle with a monitoring object (not served by the default
 * Kubernetes 1.34 surface, and never listed optional by these bundles) must be predicted to fail,
 * and any other must be installable; a bundle with a {@code v1beta1} CRD (a version Kubernetes 1.34
 * no longer serves) is installable because its CRDs are converted to v1, which its plan must say.
 */
class RealBundlesPlanTest {

    /**
     * Bundles whose CSV a real kube-apiserver refuses with 422 (OLM's CSV schema: owned CRD
     * {@code resources[].name} missing; see {@code pinned/real-server-corpus.k8s-1.34.tsv}), which the plan
     * therefore predicts to fail.
     */
    private static final List<String> REFUSED_BY_THE_SERVER = List.of(
            "_certified/federatorai-certified/4.7.2-1", "community-trivy-operator/2.3.0");

    @Test
    void eachRealBundlesVerdictIsPinnedAndMatchesWhatItCarries() {
        PinnedOutcomes pinned = PinnedOutcomes.in("real-bundles-plan.tsv");
        Map<String, Integer> exitCodes = new TreeMap<>();
        for (Path bundle : bundles()) {
            String name = root().relativize(bundle).toString();
            CliResult result = Cli.run("plan", bundle.toString(), "-o", "json");
            assertThat(result.showsStackTrace()).as(name).isFalse();
            assertThat(result.exitCode()).as(name + "\n" + result.describe()).isIn(ExitCode.OK, ExitCode.PLAN_FAILED);
            InstallPlan plan = PlanOutput.parse(result);
            pinned.record(name, "exit " + result.exitCode() + ", " + plan.steps().size() + " steps"
                    + unserved(plan));
            exitCodes.put(name, result.exitCode());
            boolean carriesUnserved = carries(bundle, "kind: ServiceMonitor") || carries(bundle, "kind: PrometheusRule")
                    || carries(bundle, "\"kind\": \"ServiceMonitor\"");
            boolean converted = plan.status().conditions().stream().anyMatch(c -> c.type().equals("Converted"));
            assertThat(converted).as(name + ": its plan says it converted the v1beta1 CRDs it carries")
                    .isEqualTo(carries(bundle, "apiextensions.k8s.io/v1beta1"));
            boolean refused = REFUSED_BY_THE_SERVER.contains(name);
            assertThat(result.exitCode())
                    .as(name + ": predicted to fail exactly when it carries an unserved API or the server refuses it")
                    .isEqualTo(carriesUnserved || refused ? ExitCode.PLAN_FAILED : ExitCode.OK);
        }
        assertThat(exitCodes).hasSize(10);
        pinned.verify();
    }

    private static String unserved(InstallPlan plan) {
        String failed = plan.steps().stream()
                // Notes predict nothing: a conversion, and where an OLM-mode step came from (OlmNotes).
                .filter(step -> step.message() != null && step.status() == StepStatus.UNKNOWN
                        && !step.message().startsWith("converted from ") && !OlmNotes.isNoteOnly(step.message())
                        || step.status() == StepStatus.FAILED)
                .map(RealBundlesPlanTest::kindAndName)
                .collect(Collectors.joining(", "));
        return failed.isEmpty() ? "" : "; predicted to fail: " + failed;
    }

    private static String kindAndName(Step step) {
        return step.resource().kind() + "/" + step.resource().name();
    }

    private static Path root() {
        return TestPaths.inRepo("testdata/real-bundles");
    }

    /** The bundle directories: those that hold a {@code manifests/} directory. */
    private static List<Path> bundles() {
        try (Stream<Path> dirs = Files.walk(root(), 3)) {
            return dirs.filter(dir -> Files.isDirectory(dir.resolve("manifests"))).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Whether any manifest file of the bundle contains {@code text}. */
    private static boolean carries(Path bundle, String text) {
        try (Stream<Path> files = Files.walk(bundle.resolve("manifests"))) {
            return files.filter(Files::isRegularFile).anyMatch(file -> {
                try {
                    return Files.readString(file).contains(text);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
