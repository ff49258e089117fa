package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.source.testing.ImagePusher;
import dev.bundlectl.source.testing.RealRegistry;
import dev.bundlectl.source.testing.SampleImages;
import dev.bundlectl.source.testing.RealRegistryExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Installs from the real registry into the real API server: a bundle image, a catalog's channel
 * head, and a reviewed plan of an image, which installs the digest it recorded even after its tag
 * moved.
 */
@ExtendWith({RealApiServerExtension.class, RealRegistryExtension.class})
class RealRegistryInstallTest {

    @TempDir
    Path temp;

    @Test
    void installsABundleImageCompleteWithItsOptionalStepsNotCreated(
            @RealApiServerExtension.Served(RealApiServer.Flavour.OLM) RealApiServer server, RealRegistry registry) {
        String image = SampleImages.pushAll(registry);
        RealCluster cluster = RealCluster.in(server, "image");
        String ns = cluster.namespace();

        CliRun run = cluster.run("install", image, "-n", ns, "--cache-dir", temp.resolve("cache").toString());

        assertThat(image).isEqualTo(registry.address() + "/samples/cachebox-operator-bundle:v0.3.1");
        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.out()).contains("Phase Complete");
        assertThat(run.out()).containsPattern("ClusterServiceVersion\\s+cachebox-operator.v0.3.1\\s+" + ns + "\\s+no\\s+Created");
        // The server is shared: another test class may have installed one of these APIs (the corpus has a VPA).
        assertThat(run.out()).containsPattern("ServiceMonitor\\s+cachebox-operator-metrics\\s+" + ns + "\\s+yes\\s+"
                + optionalStatus(cluster, "servicemonitors.monitoring.coreos.com"));
        assertThat(run.out()).containsPattern("PrometheusRule\\s+cachebox-operator-alerts\\s+" + ns + "\\s+yes\\s+"
                + optionalStatus(cluster, "prometheusrules.monitoring.coreos.com"));
        assertThat(run.out()).containsPattern("VerticalPodAutoscaler\\s+cachebox-operator\\s+" + ns + "\\s+yes\\s+"
                + optionalStatus(cluster, "verticalpodautoscalers.autoscaling.k8s.io"));
        assertThat(cluster.client().configMaps().inNamespace(ns).withName("cachebox-defaults").get()).isNotNull();
    }

    /** NotCreated where the server does not serve the optional object's API (a fresh server serves none of them). */
    private static String optionalStatus(RealCluster cluster, String crd) {
        return cluster.client().apiextensions().v1().customResourceDefinitions().withName(crd).get() == null
                ? "NotCreated\\s+API .* is not served" : "Created";
    }

    @Test
    void installsTheChannelHeadOfACatalog(@RealApiServerExtension.Served(RealApiServer.Flavour.OLM) RealApiServer server,
            RealRegistry registry) {
        SampleImages.pushAll(registry);
        Path catalog = SampleImages.catalogFor(registry, temp.resolve("catalog"));
        RealCluster cluster = RealCluster.in(server, "catalog");
        String ns = cluster.namespace();

        CliRun run = cluster.run("install", "--catalog", catalog.toString(), "--package", "cachebox-operator", "-n", ns,
                "--cache-dir", temp.resolve("cache").toString());

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.err()).contains("channel stable: cachebox-operator.v0.4.0");
        assertThat(run.out()).containsPattern("ClusterServiceVersion\\s+cachebox-operator.v0.4.0\\s+" + ns + "\\s+no\\s+Created");
        assertThat(run.out()).doesNotContain("cachebox-defaults");
        assertThat(cluster.get("operators.coreos.com/v1alpha1", "ClusterServiceVersion", "clusterserviceversions",
                "cachebox-operator.v0.4.0")).isNotNull();
    }

    @Test
    void aReviewedPlanOfAnImageInstallsTheDigestItRecordedEvenAfterTheTagMoved(
            @RealApiServerExtension.Served(RealApiServer.Flavour.OLM) RealApiServer server, RealRegistry registry)
            throws IOException {
        String image = SampleImages.pushAll(registry);
        RealCluster cluster = RealCluster.in(server, "pinned");
        String ns = cluster.namespace();
        CliRun plan = CliRun.of("plan", image, "-n", ns, "-o", "yaml", "--cache-dir", temp.resolve("cache").toString());
        assertThat(plan.exitCode()).as(plan.toString()).isZero();
        assertThat(plan.out()).contains("bundlectl.dev/bundle-source").contains(image).contains("sha256:");
        Path planFile = Files.writeString(temp.resolve("plan.yaml"), plan.out());
        new ImagePusher(registry).pushBundle(SampleImages.REPOSITORY, "v0.3.1",
                CliRun.repoRoot().resolve("samples/bundles/cachebox-operator-v0.4.0"));

        CliRun install = cluster.run("install", "--plan-file", planFile.toString(), "--cache-dir",
                temp.resolve("other-cache").toString());

        assertThat(install.exitCode()).as(install.toString()).isZero();
        assertThat(install.out()).containsPattern("ClusterServiceVersion\\s+cachebox-operator.v0.3.1\\s+" + ns + "\\s+no\\s+Created");
        assertThat(cluster.client().configMaps().inNamespace(ns).withName("cachebox-defaults").get())
                .as("the recorded digest, not what the tag names now").isNotNull();
    }
}
