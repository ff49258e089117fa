package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.executor.testing.RealApiServerExtension.Served;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code adopt} on a cluster without OLM (docs/semantics.md §11): nothing to adopt is invalid
 * input, one line saying why (and, for a package bundlectl installed, that it is bundlectl's
 * already), with nothing written.
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerAdoptWithoutOlmTest {

    @Test
    void aClusterWithoutOlmHasNothingToAdoptAndAPackageBundlectlInstalledIsSaidToBeItsAlready(
            @Served(RealApiServer.Flavour.PLAIN) RealApiServer server) {
        RealCluster cluster = RealCluster.in(server, "adopt-no-olm");
        String ns = cluster.namespace();
        String bundle = CliRun.repoRoot().resolve("samples/bundles/cachebox-operator").toString();

        CliRun nothing = cluster.run("adopt", "--package", "cachebox-operator", "-n", ns);

        assertThat(nothing.exitCode()).as(nothing.toString()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(nothing.err().strip()).isEqualTo("error: nothing to adopt: the cluster does not serve OLM's "
                + "Subscriptions (operators.coreos.com/v1alpha1): OLM installed nothing here");
        assertThat(OlmObjects.secretNames(cluster)).as("nothing written").doesNotContain("bundlectl");

        CliRun installed = cluster.run("install", bundle, "-n", ns);
        assertThat(installed.exitCode()).as(installed.toString()).isZero();
        CliRun again = cluster.run("adopt", "--package", "cachebox-operator", "-n", ns);

        assertThat(again.exitCode()).as(again.toString()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(again.err().strip()).startsWith("error: nothing to adopt: the cluster does not serve OLM's "
                + "Subscriptions").contains("; cachebox-operator is bundlectl's already (install record ")
                .doesNotContain("\n");
    }
}
