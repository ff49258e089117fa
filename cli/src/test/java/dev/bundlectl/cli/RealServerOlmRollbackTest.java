package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.executor.testing.KubeletStandIn;
import dev.bundlectl.executor.testing.RealOlm;
import dev.bundlectl.executor.testing.RealOlmExtension;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bundlectl rollback} judged by the real olm-operator (docs/semantics.md §9, "Rollbacks"):
 * the sample 0.3.1 upgraded to 0.4.0 is rolled back to 0.3.1. The older CSV names the newer one in
 * {@code spec.replaces}, as OLM's InstallPlan writes any replacement, so OLM replaces 0.4.0 with
 * it; {@code --wait} ends once OLM reports 0.3.1 {@code Succeeded} and has removed 0.4.0, and the
 * custom resources made under 0.4.0 are still there, unchanged. Nothing here runs Pods:
 * {@link KubeletStandIn} marks the Deployments OLM creates as rolled out, the one simulated part.
 * The test installs a renamed copy of the sample, so that no other test shares its CRDs.
 */
@ExtendWith(RealOlmExtension.class)
class RealServerOlmRollbackTest {

    private final List<RealCluster> clusters = new ArrayList<>();

    /** A CSV left Installing keeps olm-operator busy, and a group left says it provides the APIs: both go. */
    @AfterEach
    void deleteWhatTheTestLeft() {
        clusters.forEach(OlmObjects::deleteCsvsAndGroups);
    }

    @Test
    void theOlderCsvReplacesTheNewerOneAndTheCustomResourcesMadeUnderItStay(RealOlm olm, @TempDir Path dir) {
        RealCluster cluster = RealCluster.in(olm.server(), "olm-rollback");
        clusters.add(cluster);
        String ns = cluster.namespace();
        Path v031 = RollbackBundles.version("samples/bundles/cachebox-operator", dir.resolve("v031"), "rbolm");
        Path v040 = RollbackBundles.version("samples/bundles/cachebox-operator-v0.4.0", dir.resolve("v040"), "rbolm");
        CliRun first = installRunning(olm, cluster, "rbolm-operator.v0.3.1", v031);
        assertThat(first.exitCode()).as(first + "\n" + olm.logTail(30)).isZero();
        CliRun upgrade = installRunning(olm, cluster, "rbolm-operator.v0.4.0", v040);
        assertThat(upgrade.exitCode()).as(upgrade + "\n" + olm.logTail(30)).isZero();
        assertThat(OlmObjects.csv(cluster, "rbolm-operator.v0.3.1")).as("replaced by 0.4.0").isNull();
        GenericKubernetesResource small = olm.server().create(RollbackBundles.cache("rbolm", "v1alpha1", ns, "small", 3));
        GenericKubernetesResource large = olm.server().create(RollbackBundles.cache("rbolm", "v1alpha1", ns, "large", 9));

        CliRun back;
        try (KubeletStandIn.Background kubelet = KubeletStandIn.of(olm.server()).start(ns, "rbolm-operator.v0.3.1")) {
            back = cluster.run("rollback", "--package", "rbolm-operator", "-n", ns, "--wait", "--wait-timeout", "120s");
        }

        assertThat(back.exitCode()).as(back + "\n" + olm.logTail(40)).isZero();
        assertThat(back.err()).contains("rolling back rbolm-operator in namespace " + ns + " from 0.4.0 to 0.3.1")
                .contains("rollback checks passed: ")
                .contains("OLM removed ClusterServiceVersion " + ns + "/rbolm-operator.v0.4.0");
        assertThat(back.out()).contains("Rollback from rbolm-operator.v0.4.0 (0.4.0) to rbolm-operator.v0.3.1 (0.3.1)");
        GenericKubernetesResource older = OlmObjects.csv(cluster, "rbolm-operator.v0.3.1");
        assertThat(OlmObjects.phaseOf(older)).isEqualTo("Succeeded");
        assertThat(older.getAdditionalProperties().get("spec").toString())
                .as("OLM replaces only the CSV spec.replaces names").contains("replaces=rbolm-operator.v0.4.0");
        assertThat(OlmObjects.csv(cluster, "rbolm-operator.v0.4.0")).as("removed by OLM").isNull();
        for (GenericKubernetesResource made : List.of(small, large)) {
            GenericKubernetesResource now = cluster.get("rbolm.bundlectl.dev/v1alpha1", "Cache", "caches",
                    made.getMetadata().getName());
            assertThat(now.getMetadata().getUid()).as("made under 0.4.0, kept").isEqualTo(made.getMetadata().getUid());
            assertThat(now.getAdditionalProperties().get("spec")).isEqualTo(made.getAdditionalProperties().get("spec"));
        }
        assertThat(((Map<?, ?>) small.getAdditionalProperties().get("spec")).get("size")).isEqualTo(3);
    }

    /** {@code install BUNDLE --wait} in OwnNamespace mode, the kubelet stand-in marking the CSV's Deployments. */
    private static CliRun installRunning(RealOlm olm, RealCluster cluster, String csv, Path bundle) {
        try (KubeletStandIn.Background kubelet = KubeletStandIn.of(olm.server()).start(cluster.namespace(), csv)) {
            return cluster.run("install", bundle.toString(), "-n", cluster.namespace(), "--install-mode",
                    "OwnNamespace", "--wait", "--wait-timeout", "120s");
        }
    }
}
