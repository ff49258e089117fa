package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.executor.testing.RealApiServerExtension.Served;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code install -o json} names its install record in the printed InstallPlan
 * ({@code bundlectl.dev/install-record: NS/NAME}), so that a script can chain {@code uninstall}
 * without reading stderr.
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerInstallRecordNameTest {

    @Test
    void theRecordNamedInTheJsonPlanIsTheOneUninstallRemoves(@Served(RealApiServer.Flavour.OLM) RealApiServer server) {
        RealCluster cluster = RealCluster.in(server, "recordname");
        String ns = cluster.namespace();
        CliRun install = cluster.run("install", RealCluster.sample(), "-n", ns, "-o", "json");
        assertThat(install.exitCode()).as(install.toString()).isZero();

        JsonNode plan = RealCluster.json(install);
        String record = plan.path("metadata").path("annotations").path("bundlectl.dev/install-record").asText();
        assertThat(record).startsWith(ns + "/bundlectl.cachebox-operator.");
        String recordNamespace = record.substring(0, record.indexOf('/'));
        String recordName = record.substring(record.indexOf('/') + 1);
        assertThat(cluster.client().secrets().inNamespace(recordNamespace).withName(recordName).get())
                .as("the install record Secret").isNotNull();

        CliRun uninstall = cluster.run("uninstall", recordName, "-n", recordNamespace);

        assertThat(uninstall.exitCode()).as(uninstall.toString()).isZero();
        assertThat(cluster.client().configMaps().inNamespace(ns).withName("cachebox-defaults").get()).isNull();
    }
}
