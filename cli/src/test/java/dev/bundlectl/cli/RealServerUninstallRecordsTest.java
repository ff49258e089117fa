package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.executor.testing.RealApiServerExtension.Served;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** uninstall takes the package's install records with it, on a real API server. */
@ExtendWith(RealApiServerExtension.class)
class RealServerUninstallRecordsTest {

    private static final String RECORD_TYPE = "bundlectl.dev/install-record";

    @Test
    void uninstallRemovesEveryRecordOfThePackageAndStatusThenListsNone(
            @Served(RealApiServer.Flavour.OLM) RealApiServer server) {
        RealCluster cluster = RealCluster.in(server, "records");
        String ns = cluster.namespace();
        for (int run = 0; run < 2; run++) {
            CliRun install = cluster.run("install", RealCluster.sample(), "-n", ns);
            assertThat(install.exitCode()).as(install.toString()).isZero();
        }
        assertThat(cluster.client().secrets().inNamespace(ns).list().getItems())
                .filteredOn(secret -> RECORD_TYPE.equals(secret.getType())).hasSize(2);

        CliRun uninstall = cluster.run("uninstall", "--package", "cachebox-operator", "-n", ns);

        assertThat(uninstall.exitCode()).as(uninstall.toString()).isZero();
        assertThat(uninstall.out()).contains("2 install record(s) of package cachebox-operator in namespace " + ns
                + " deleted");
        assertThat(cluster.client().secrets().inNamespace(ns).list().getItems())
                .filteredOn(secret -> RECORD_TYPE.equals(secret.getType())).isEmpty();
        CliRun status = cluster.run("status", "-n", ns);
        assertThat(status.exitCode()).as(status.toString()).isZero();
        assertThat(status.out().strip()).isEqualTo("No installs recorded in namespace " + ns + ".");
    }
}
