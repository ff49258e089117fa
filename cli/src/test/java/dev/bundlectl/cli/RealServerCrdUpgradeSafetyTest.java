package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.apiextensions.v1.JSONSchemaProps;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * CRD upgrade safety on a real kube-apiserver (docs/semantics.md §9): an upgrade whose {@code caches}
 * CRD removes a field and narrows an enum is listed by {@code plan} against the cluster, refused
 * with {@code --crd-upgrade-safety=strict} before anything is written (a fresh plan and a reviewed
 * plan file alike), and installed with a warning by default. The bundles are the sample renamed {@code crdsafe}, so that its CRDs are this test's
 * own on the shared server.
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerCrdUpgradeSafetyTest {

    private static final String REMOVED = " v1alpha1 .spec.memory: existingFieldRemoval: removed (was a field of type "
            + "string)";
    private static final String NARROWED = " v1alpha1 .spec.tier: enum: values removed: \"gold\" (was "
            + "[\"bronze\",\"silver\",\"gold\"], now [\"bronze\",\"silver\"])";

    @TempDir
    Path dir;

    @Test
    void aFieldRemovedAndAnEnumNarrowedArePlannedRefusedWhenStrictAndInstalledWithAWarning(
            @RealApiServerExtension.Served(RealApiServer.Flavour.OLM) RealApiServer server) {
        RealCluster cluster = RealCluster.in(server, "crd-safety");
        String ns = cluster.namespace();
        CrdChangeBundles bundles = new CrdChangeBundles(dir, "crdsafe");
        String crd = bundles.cachesCrd();
        Path older = bundles.write(CrdChangeBundles.version("0.3.1")
                .field("tier", "{type: string, enum: [bronze, silver, gold]}"));
        Path newer = bundles.write(CrdChangeBundles.version("0.4.0").replacing("0.3.1")
                .withoutField("memory")
                .field("tier", "{type: string, enum: [bronze, silver]}"));
        CliRun first = cluster.run("install", older.toString(), "-n", ns, "--csv-mode", "render");
        assertThat(first.exitCode()).as(first.toString()).isZero();
        assertThat(first.err()).doesNotContain("CRD upgrade safety");

        CliRun plan = cluster.run("plan", newer.toString(), "-n", ns, "--csv-mode", "render", "-o", "json");

        assertThat(plan.exitCode()).as(plan.toString()).isZero();
        assertThat(plan.err()).contains("warning: CRD upgrade safety: " + crd + REMOVED,
                "warning: CRD upgrade safety: " + crd + NARROWED);
        JsonNode condition = condition(RealCluster.json(plan));
        assertThat(condition.path("status").asText()).isEqualTo("False");
        assertThat(condition.path("reason").asText()).isEqualTo("BreakingChangeWarned");
        assertThat(condition.path("message").asText()).contains("2 findings in 1 CRD: " + crd + REMOVED);

        CliRun strict = cluster.run("install", newer.toString(), "-n", ns, "--csv-mode", "render",
                "--crd-upgrade-safety", "strict");

        assertThat(strict.exitCode()).as(strict.toString()).isEqualTo(ExitCode.PLAN_FAILED);
        assertThat(strict.err()).contains("error: CRD upgrade safety: " + crd + REMOVED,
                "error: CRD upgrade safety: " + crd + NARROWED,
                "error: the plan cannot succeed on this cluster; nothing was applied",
                "CustomResourceDefinition/" + crd + ": refused by CRD upgrade safety (strict):" + REMOVED);
        assertThat(specFields(cluster, crd)).as("the CRD as 0.3.1 left it").containsKeys("memory", "tier");
        assertThat(deploymentCsv(cluster)).as("nothing of 0.4.0 was written").isEqualTo(bundles.csv("0.3.1"));

        // A reviewed plan is checked against the live CRDs too, as it is installed.
        Path reviewed = dir.resolve("reviewed.yaml");
        CliRun offline = CliRun.of("plan", newer.toString(), "-n", ns, "--csv-mode", "render", "-o", "yaml");
        assertThat(offline.exitCode()).as(offline.toString()).isZero();
        writeString(reviewed, offline.out());
        CliRun strictReviewed = cluster.run("install", "--plan-file", reviewed.toString(), "-n", ns,
                "--crd-upgrade-safety", "strict");
        assertThat(strictReviewed.exitCode()).as(strictReviewed.toString()).isEqualTo(ExitCode.PLAN_FAILED);
        assertThat(strictReviewed.err()).contains("error: CRD upgrade safety: " + crd + REMOVED,
                "error: the plan cannot succeed on this cluster; nothing was applied");
        assertThat(deploymentCsv(cluster)).isEqualTo(bundles.csv("0.3.1"));

        CliRun warned = cluster.run("install", newer.toString(), "-n", ns, "--csv-mode", "render");

        assertThat(warned.exitCode()).as(warned.toString()).isZero();
        assertThat(warned.err()).contains("warning: CRD upgrade safety: " + crd + REMOVED,
                "warning: CRD upgrade safety: " + crd + NARROWED);
        Map<String, JSONSchemaProps> fields = specFields(cluster, crd);
        assertThat(fields).doesNotContainKey("memory");
        assertThat(fields.get("tier").getEnum()).extracting(JsonNode.class::cast).extracting(JsonNode::asText)
                .containsExactly("bronze", "silver");
        assertThat(deploymentCsv(cluster)).isEqualTo(bundles.csv("0.4.0"));

        CliRun rerun = cluster.run("install", newer.toString(), "-n", ns, "--csv-mode", "render",
                "--crd-upgrade-safety", "strict");
        assertThat(rerun.exitCode()).as("the CRD is as 0.4.0 left it: nothing to compare\n" + rerun).isZero();
        assertThat(rerun.err()).doesNotContain("CRD upgrade safety");
        cluster.run("uninstall", "--package", bundles.packageName(), "-n", ns);
    }

    private static void writeString(Path file, String text) {
        try {
            java.nio.file.Files.writeString(file, text);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static JsonNode condition(JsonNode plan) {
        for (JsonNode condition : plan.path("status").path("conditions")) {
            if (condition.path("type").asText().equals("bundlectl.dev/CrdUpgradeSafety")) {
                return condition;
            }
        }
        throw new AssertionError("no CrdUpgradeSafety condition in " + plan.path("status").path("conditions"));
    }

    private static Map<String, JSONSchemaProps> specFields(RealCluster cluster, String name) {
        CustomResourceDefinition crd = cluster.client().apiextensions().v1().customResourceDefinitions().withName(name)
                .get();
        return crd.getSpec().getVersions().get(0).getSchema().getOpenAPIV3Schema().getProperties().get("spec")
                .getProperties();
    }

    /** The CSV the rendered Deployment was made from. */
    private static String deploymentCsv(RealCluster cluster) {
        List<io.fabric8.kubernetes.api.model.apps.Deployment> deployments = cluster.client().apps().deployments()
                .inNamespace(cluster.namespace()).list().getItems();
        assertThat(deployments).hasSize(1);
        return deployments.get(0).getMetadata().getLabels().get("bundlectl.dev/csv");
    }
}
