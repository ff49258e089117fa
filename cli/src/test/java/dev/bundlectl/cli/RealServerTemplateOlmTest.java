package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.executor.testing.KubeletStandIn;
import dev.bundlectl.executor.testing.RealOlm;
import dev.bundlectl.executor.testing.RealOlmExtension;
import dev.bundlectl.executor.testing.RealApiServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * In OLM mode, what {@code bundlectl template} prints (the OperatorGroup, OLM's RBAC for the CSV,
 * the CSV and the CRDs), applied with {@code kubectl apply --server-side} and nothing of bundlectl,
 * takes the CSV to {@code Succeeded} under the real olm-operator: the manifests stand on their own
 * for a GitOps engine. {@link KubeletStandIn} marks the Deployment OLM creates as rolled out.
 */
@ExtendWith(RealOlmExtension.class)
@Tag(RealApiServer.SMOKE_ON_OLDEST)
class RealServerTemplateOlmTest {

    private RealCluster cluster;

    @AfterEach
    void deleteWhatTheTestLeft() {
        if (cluster != null) {
            OlmObjects.deleteCsvsAndGroups(cluster);
        }
    }

    @Test
    void theTemplatedOlmManifestsAppliedByKubectlTakeTheCsvToSucceeded(RealOlm olm, @TempDir Path dir)
            throws Exception {
        cluster = RealCluster.in(olm.server(), "tpl-olm");
        String ns = cluster.namespace();
        Path bundle = SampleCopies.renamed("samples/bundles/cachebox-operator", dir.resolve("tplbox"), "tplbox");
        CliResult template = Cli.run("template", bundle.toString(), "-n", ns, "--csv-mode", "olm",
                "--install-mode", "OwnNamespace", "--managed-by", "argocd");
        assertThat(template.exitCode()).as(template.err()).isZero();
        List<String> kinds = TemplateCommandTest.objects(template.out()).stream()
                .map(object -> object.path("kind").asText()).toList();
        assertThat(kinds).contains("OperatorGroup", "ClusterServiceVersion", "CustomResourceDefinition", "Role",
                "ClusterRole");
        JsonNode csv = TemplateCommandTest.objects(template.out()).stream()
                .filter(object -> "ClusterServiceVersion".equals(object.path("kind").asText())).findFirst().orElseThrow();
        assertThat(csv.path("metadata").path("labels").path("app.kubernetes.io/managed-by").asText()).isEqualTo("argocd");
        assertThat(csv.path("metadata").path("annotations").fieldNames()).toIterable()
                .noneMatch(key -> key.contains("owners.bundlectl.dev"));
        Path stream = dir.resolve("olm.yaml");
        Files.writeString(stream, template.out(), StandardCharsets.UTF_8);

        try (KubeletStandIn.Background kubelet = KubeletStandIn.of(olm.server()).start(ns, "tplbox-operator.v0.3.1")) {
            RealServerTemplateTest.kubectl(olm.server(), dir, "apply", "--server-side", "-f", stream.toString());
            long deadline = System.nanoTime() + java.time.Duration.ofSeconds(120).toNanos();
            String phase = "";
            while (System.nanoTime() < deadline) {
                var live = cluster.client().genericKubernetesResources("operators.coreos.com/v1alpha1",
                        "ClusterServiceVersion").inNamespace(ns).withName("tplbox-operator.v0.3.1").get();
                phase = live == null ? "" : OlmObjects.phaseOf(live);
                if ("Succeeded".equals(phase) || "Failed".equals(phase)) {
                    break;
                }
                Thread.sleep(500);
            }
            assertThat(phase).as("the CSV's phase under the real olm-operator\n" + olm.logTail(30))
                    .isEqualTo("Succeeded");
        }
        assertThat(cluster.client().secrets().inNamespace(ns).list().getItems())
                .as("no install record: the engine owns the objects")
                .noneMatch(secret -> "bundlectl.dev/install-record".equals(secret.getType()));
    }
}
