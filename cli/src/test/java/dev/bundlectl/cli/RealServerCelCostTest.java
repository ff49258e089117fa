package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A verdict that depends on the server's release follows the server planned against: OpenShift's
 * ConsolePlugin CRD (verbatim from openshift/api, see {@code openshift-api/NOTICE.md}) carries CEL
 * rules whose estimated cost Kubernetes 1.26 refuses ("exceeds budget by factor of more than
 * 100x") and 1.34 accepts. No offline check estimates CEL cost, so the plan is installable either
 * way; the preflight's dry run hears the server's answer, and the install follows it: refused with
 * nothing written on 1.26, installed on 1.34. CI runs this class on both releases.
 */
@ExtendWith(RealApiServerExtension.class)
@Tag(RealApiServer.SMOKE_ON_OLDEST)
class RealServerCelCostTest {

    private static final String CRD = "consoleplugins.console.openshift.io";

    @Test
    void aCrdWhoseCelCostOnlyOlderServersRefuseIsJudgedByTheServerPlannedAgainst(RealApiServer server,
            @TempDir Path dir) throws Exception {
        RealCluster cluster = RealCluster.in(server, "celcost");
        Path bundle = SampleCopies.renamed(dir.resolve("bundle"), "celcost");
        Files.copy(TestPaths.inRepo("cli/src/test/resources/openshift-api/consoleplugins.crd.yaml"),
                bundle.resolve("manifests/consoleplugins.crd.yaml"));

        CliRun plan = cluster.run("plan", bundle.toString(), "-n", cluster.namespace(), "--csv-mode", "render");
        CliRun install = cluster.run("install", bundle.toString(), "-n", cluster.namespace(), "--csv-mode", "render");

        assertThat(plan.exitCode()).as("no offline check estimates CEL cost: " + plan).isZero();
        if (RealApiServer.atLeast("1.30")) {
            assertThat(install.exitCode()).as(install.toString()).isZero();
            assertThat(server.client().apiextensions().v1().customResourceDefinitions().withName(CRD).get()).isNotNull();
            assertThat(cluster.run("uninstall", "--package", "celcost-operator", "-n", cluster.namespace(),
                    "--delete-crds").exitCode()).isZero();
        } else {
            assertThat(install.exitCode()).as(install.toString()).isEqualTo(ExitCode.PLAN_FAILED);
            assertThat(install.err()).contains("refused the plan in preflight").contains("nothing was written")
                    .contains("CustomResourceDefinition/" + CRD).contains("estimated rule cost exceeds budget");
            assertThat(server.client().apiextensions().v1().customResourceDefinitions().withName(CRD).get())
                    .as("nothing written").isNull();
            assertThat(server.client().secrets().inNamespace(cluster.namespace()).list().getItems())
                    .as("no install record").isEmpty();
        }
    }
}
