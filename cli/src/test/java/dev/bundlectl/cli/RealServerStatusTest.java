package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.executor.testing.RealApiServerExtension.Served;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import java.util.Base64;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** bundlectl status reads install records from a real API server. */
@ExtendWith(RealApiServerExtension.class)
@Tag(RealApiServer.SMOKE_ON_OLDEST)
class RealServerStatusTest {

    @Test
    void statusAllNamespacesListsInstallsOfEveryNamespace(@Served(RealApiServer.Flavour.OLM) RealApiServer server) {
        RealCluster first = RealCluster.in(server, "status-a");
        RealCluster second = RealCluster.in(server, "status-b");
        for (RealCluster cluster : new RealCluster[] {first, second}) {
            CliRun install = cluster.run("install", RealCluster.sample(), "-n", cluster.namespace());
            assertThat(install.exitCode()).as(install.toString()).isZero();
        }

        CliRun status = first.run("status", "-A");

        assertThat(status.exitCode()).as(status.toString()).isZero();
        assertThat(status.out()).containsPattern("(?m)^" + first.namespace() + "\\s+bundlectl\\.cachebox-operator\\.")
                .containsPattern("(?m)^" + second.namespace() + "\\s+bundlectl\\.cachebox-operator\\.");
    }

    @Test
    void aCorruptRecordIsAOneLineErrorByNameAndAnUnreadableRowBesideTheOthers(
            @Served(RealApiServer.Flavour.OLM) RealApiServer server) {
        RealCluster cluster = RealCluster.in(server, "corrupt");
        String ns = cluster.namespace();
        CliRun install = cluster.run("install", RealCluster.sample(), "-n", ns);
        assertThat(install.exitCode()).as(install.toString()).isZero();
        String corrupt = "bundlectl.cachebox-operator.20250101-000000-000";
        cluster.client().secrets().inNamespace(ns).resource(new SecretBuilder().withNewMetadata().withName(corrupt)
                .addToLabels("app.kubernetes.io/managed-by", "bundlectl")
                .addToLabels("bundlectl.dev/package", "cachebox-operator")
                .addToAnnotations("bundlectl.dev/package-name", "cachebox-operator")
                .endMetadata()
                .withType("bundlectl.dev/install-record")
                .addToData("record.json.gz", Base64.getEncoder().encodeToString("garbage".getBytes()))
                .build()).create();

        CliRun one = cluster.run("status", "-n", ns, corrupt);
        CliRun all = cluster.run("status", "-n", ns);

        // A record the cluster holds is not the user's input: exit 1, as for any cluster failure.
        assertThat(one.exitCode()).as(one.toString()).isEqualTo(ExitCode.ERROR);
        assertThat(one.err().lines().toList()).first().asString()
                .startsWith("error: Secret " + ns + "/" + corrupt + ": the record is not gzip data");
        assertThat(one.err()).doesNotContain("Exception").doesNotContain("\tat ");
        assertThat(all.exitCode()).as(all.toString()).isZero();
        assertThat(all.out()).containsPattern(corrupt + "\\s+\\?\\s+\\?\\s+Unreadable")
                .containsPattern("bundlectl\\.cachebox-operator\\.\\S+\\s+cachebox-operator\\s+cachebox-operator\\.v0\\.3\\.1\\s+Complete");
    }
}
