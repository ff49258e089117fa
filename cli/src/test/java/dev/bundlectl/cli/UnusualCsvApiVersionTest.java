package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.plan.InstallPlanPhase;
import dev.bundlectl.plan.StepStatus;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Disabled;
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
    @Disabled("BUG (installplan): a CSV whose apiVersion is operators.coreos.com/v1 or v1beta1 is planned as that "
            + "GVK, so the plan is predicted to fail (exit 3, 'GroupVersionKind operators.coreos.com/v1, "
            + "Kind=ClusterServiceVersion not found on the cluster (served version: v1alpha1)') and the executor "
            + "would POST it to an unserved API. OLM's catalog operator picks the CSV step by kind and unmarshals "
            + "the manifest into a v1alpha1 ClusterServiceVersion, so these bundles install under OLM. Plan the CSV "
            + "step as operators.coreos.com/v1alpha1 (with a warning naming the file) whatever the manifest says. "
            + "Five corpus bundles end exit 3 for this reason alone or in part (also universal-crossplane 1.5.1-up.1, "
            + "whose CSV says apiVersion: v1alpha1 with no group).")
    void aCsvWithAnotherOperatorsApiVersionIsPlannedAsV1alpha1(String apiVersion, @TempDir Path dir) throws IOException {
        BundleFixture bundle = BundleFixture.minimal(dir, apiVersion, "");

        CliResult result = Cli.run("plan", bundle.root().toString(), "-o", "json");

        assertThat(result.exitCode()).as(result.describe()).isEqualTo(ExitCode.OK);
        var plan = PlanOutput.parse(result);
        assertThat(plan.status().phase()).isEqualTo(InstallPlanPhase.REQUIRES_APPROVAL);
        assertThat(plan.steps()).hasSize(1);
        assertThat(plan.steps().get(0).status()).isEqualTo(StepStatus.UNKNOWN);
        assertThat(plan.steps().get(0).resource().apiVersion()).isEqualTo("operators.coreos.com/v1alpha1");
    }
}
