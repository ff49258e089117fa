package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.plan.model.InstallPlanPhase;
import dev.bundlectl.plan.model.StepStatus;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Real bundles whose CSV declares an unusual {@code apiVersion} (the corpus tags them
 * {@code csv-unusual-apiVersion}: operator-aims-mobile 0.0.27, ember-csi-community-operator 0.9.7
 * and netobserv-operator 1.8.2-community say {@code operators.coreos.com/v1},
 * pubsubplus-eventbroker-operator 1.3.0 says {@code operators.coreos.com/v1beta1}).
 */
class UnusualCsvApiVersionTest {

    @ParameterizedTest(name = "CSV apiVersion {0}")
    @ValueSource(strings = {"operators.coreos.com/v1", "operators.coreos.com/v1beta1"})
    void aCsvWithAnotherOperatorsApiVersionIsPlannedAsV1alpha1(String apiVersion, @TempDir Path dir) throws IOException {
        BundleFixture bundle = BundleFixture.minimal(dir, apiVersion, "");

        CliResult result = Cli.run("plan", bundle.root().toString(), "-o", "json");

        assertThat(result.exitCode()).as(result.describe()).isEqualTo(ExitCode.OK);
        var plan = PlanOutput.parse(result);
        assertThat(plan.status().phase()).isEqualTo(InstallPlanPhase.REQUIRES_APPROVAL);
        // OLM mode's OperatorGroup, then the CSV (the tiny CSV asks for no permissions).
        assertThat(plan.steps()).extracting(PlanOutput::kindAndName)
                .containsExactly("OperatorGroup default", "ClusterServiceVersion tiny-operator.v0.1.0");
        assertThat(plan.steps().get(1).status()).isEqualTo(StepStatus.UNKNOWN);
        assertThat(plan.steps().get(1).resource().apiVersion()).isEqualTo("operators.coreos.com/v1alpha1");
    }
}
