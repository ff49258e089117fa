package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.executor.testing.RealApiServerExtension.Served;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Plan, review, apply on a real kube-apiserver: {@code install --plan-file} applies the reviewed
 * plan with the bundle's Secret values restored (never the redaction marker), and a bundle's first
 * install runs install level 1 after level 0.
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerReviewedPlanTest {

    private static final String LEVEL_ONE = "release.openshift.io/install-level: \"1\"";
    private static final String CREATE_ONLY = "release.openshift.io/create-only: \"true\"";

    @Test
    void installsExactlyTheReviewedPlanWithSecretValuesRestoredFromTheBundle(
            @Served(RealApiServer.Flavour.OLM) RealApiServer server, @TempDir Path dir) throws IOException {
        RealCluster cluster = RealCluster.in(server, "reviewed");
        String ns = cluster.namespace();
        CliRun plan = CliRun.of("plan", RealCluster.sample(), "-n", ns, "-o", "yaml");
        assertThat(plan.exitCode()).as(plan.toString()).isZero();
        assertThat(plan.out()).doesNotContain("CBX-SAMPLE-0000-0000-0000").contains("<redacted sha256:");
        Path file = dir.resolve("plan.yaml");
        Files.writeString(file, plan.out());

        CliRun install = cluster.run("install", "--plan-file", file.toString(), "-n", ns);

        assertThat(install.exitCode()).as(install.toString()).isZero();
        var secret = cluster.client().secrets().inNamespace(ns).withName("cachebox-license").get();
        assertThat(new String(Base64.getDecoder().decode(secret.getData().get("license-key")), StandardCharsets.UTF_8))
                .startsWith("CBX-SAMPLE-0000-0000-0000");
        assertThat(install.out() + install.err()).doesNotContain("CBX-SAMPLE-0000-0000-0000");
    }

    @Test
    void aBundlesFirstInstallRunsLevelOneAfterLevelZero(@Served(RealApiServer.Flavour.OLM) RealApiServer server,
            @TempDir Path dir) {
        RealCluster cluster = RealCluster.in(server, "levels");
        String ns = cluster.namespace();
        TestBundleDirectory bundle = TestBundleDirectory.create(dir.resolve("bundle"), "levels")
                .configMap("late", LEVEL_ONE, CREATE_ONLY)
                .configMap("early-a")
                .configMap("early-b");

        CliRun install = cluster.run("install", bundle.toString(), "-n", ns, "-o", "json");

        assertThat(install.exitCode()).as(install.toString()).isZero();
        long late = resourceVersion(cluster, "late");
        assertThat(late).as("level 1 after every level-0 object")
                .isGreaterThan(resourceVersion(cluster, "early-a"))
                .isGreaterThan(resourceVersion(cluster, "early-b"));
    }

    private static long resourceVersion(RealCluster cluster, String name) {
        var map = cluster.client().configMaps().inNamespace(cluster.namespace()).withName(name).get();
        assertThat(map).as("ConfigMap " + name).isNotNull();
        return Long.parseLong(map.getMetadata().getResourceVersion());
    }
}
