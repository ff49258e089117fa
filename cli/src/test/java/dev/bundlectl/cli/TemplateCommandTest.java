package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.bundlectl.executor.ownership.InstallOwner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bundlectl template} on the sample bundles, offline and in-process. */
class TemplateCommandTest {

    private static final String CACHEBOX = TestPaths.arg("samples/bundles/cachebox-operator");
    private static final String WEBHOOK = TestPaths.arg("testdata/render/webhook-operator");

    @Test
    void renderModePrintsTheAppliedObjectsInPlanOrderWithLabelsAndNoOwnerMarks() throws IOException {
        CliResult result = Cli.run("template", CACHEBOX, "--csv-mode", "render", "-n", "demo");

        assertThat(result.exitCode()).as(result.err()).isZero();
        List<JsonNode> objects = objects(result.out());
        assertThat(objects).extracting(o -> o.path("kind").asText()).containsExactly("ServiceAccount", "ClusterRole",
                "ClusterRoleBinding", "ClusterRole", "ClusterRoleBinding", "Deployment", "CustomResourceDefinition",
                "CustomResourceDefinition", "ConfigMap", "Role", "Secret", "ClusterRole", "ClusterRoleBinding",
                "Service");
        for (JsonNode object : objects) {
            JsonNode labels = object.path("metadata").path("labels");
            assertThat(labels.path("app.kubernetes.io/name").asText()).isEqualTo("cachebox-operator");
            assertThat(labels.path("app.kubernetes.io/version").asText()).isEqualTo("0.3.1");
            assertThat(labels.path("app.kubernetes.io/managed-by").asText()).isEqualTo("gitops");
            for (Iterator<String> keys = object.path("metadata").path("annotations").fieldNames(); keys.hasNext();) {
                String key = keys.next();
                assertThat(InstallOwner.isOwnerKey(key)).as(key).isFalse();
                assertThat(key).doesNotEndWith(InstallOwner.MARK_DOMAIN);
            }
        }
        assertThat(objects).filteredOn(o -> o.path("kind").asText().equals("Deployment"))
                .allSatisfy(o -> assertThat(o.path("metadata").path("namespace").asText()).isEqualTo("demo"));
        assertThat(result.out()).doesNotContain("owners.bundlectl.dev");
    }

    @Test
    void leftOutStepsAreNamedInTheHeaderWithThePlansReason() throws IOException {
        CliResult result = Cli.run("template", CACHEBOX, "--csv-mode", "render", "-n", "demo",
                "--api-surface", "kubernetes");

        assertThat(result.exitCode()).as(result.err()).isZero();
        String header = result.out().substring(0, result.out().indexOf("---"));
        assertThat(header).contains("ServiceMonitor/demo/cachebox-operator-metrics: "
                + "API monitoring.coreos.com/v1 ServiceMonitor is not served");
        assertThat(header).contains("PrometheusRule/demo/cachebox-operator-alerts");
        assertThat(objects(result.out())).extracting(o -> o.path("kind").asText())
                .doesNotContain("ServiceMonitor", "PrometheusRule", "VerticalPodAutoscaler");
    }

    @Test
    void aSurfaceWithPrometheusTemplatesTheServiceMonitor() throws IOException {
        CliResult result = Cli.run("template", CACHEBOX, "--csv-mode", "render", "-n", "demo",
                "--api-surface", TestPaths.arg("samples/api-surfaces/kind-with-prometheus.txt"));

        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(result.out().substring(0, result.out().indexOf("---"))).doesNotContain("ServiceMonitor");
        assertThat(objects(result.out())).extracting(o -> o.path("kind").asText()).contains("ServiceMonitor");
    }

    @Test
    void olmModeTemplatesTheOperatorGroupAndCsvWithTheChosenManager() throws IOException {
        CliResult result = Cli.run("template", CACHEBOX, "--csv-mode", "olm", "-n", "demo", "--managed-by", "argocd");

        assertThat(result.exitCode()).as(result.err()).isZero();
        List<JsonNode> objects = objects(result.out());
        assertThat(objects).extracting(o -> o.path("kind").asText())
                .startsWith("OperatorGroup").contains("ClusterServiceVersion");
        assertThat(objects).allSatisfy(o -> assertThat(o.path("metadata").path("labels")
                .path("app.kubernetes.io/managed-by").asText()).isEqualTo("argocd"));
    }

    @Test
    void argocdWavesPutCrdsFirstAndTheOperatorAfter() throws IOException {
        CliResult result = Cli.run("template", CACHEBOX, "--csv-mode", "olm", "-n", "demo", "--argocd");

        assertThat(result.exitCode()).as(result.err()).isZero();
        for (JsonNode object : objects(result.out())) {
            JsonNode wave = object.path("metadata").path("annotations").path("argocd.argoproj.io/sync-wave");
            assertThat(wave.isTextual()).as("annotation values are strings").isTrue();
            assertThat(wave.asText()).isEqualTo(
                    object.path("kind").asText().equals("CustomResourceDefinition") ? "-1" : "0");
        }
        assertThat(result.out()).contains("argocd.argoproj.io/sync-wave: \"-1\"");
    }

    @Test
    void aPlanPredictedToFailPrintsNothingAndExits3() {
        CliResult result = Cli.run("template", CACHEBOX, "--csv-mode", "olm", "--api-surface",
                "kubernetes-without-olm");

        assertThat(result.exitCode()).isEqualTo(ExitCode.PLAN_FAILED);
        assertThat(result.out()).isEmpty();
        assertThat(result.err()).contains("predicted to fail")
                .contains("Kind=ClusterServiceVersion not found on the cluster");
    }

    @Test
    void aWebhookBundleInRenderModeWithoutCertProviderIsRefusedAsPlanRefusesIt() {
        CliResult template = Cli.run("template", WEBHOOK, "--csv-mode", "render");
        CliResult plan = Cli.run("plan", WEBHOOK, "--csv-mode", "render");

        assertThat(template.exitCode()).isNotZero().isEqualTo(plan.exitCode());
        assertThat(template.out()).isEmpty();
        assertThat(template.err()).contains("--cert-provider").isEqualTo(plan.err());
    }

    @Test
    void outputDirHoldsTheStreamOneFilePerObjectWithAKustomization(@TempDir Path out) throws IOException {
        CliResult stream = Cli.run("template", CACHEBOX, "--csv-mode", "render", "-n", "demo");
        CliResult dir = Cli.run("template", CACHEBOX, "--csv-mode", "render", "-n", "demo",
                "-o", "dir=" + out);

        assertThat(dir.exitCode()).as(dir.err()).isZero();
        assertThat(dir.out()).isEmpty();
        List<String> files = new ArrayList<>();
        String kustomization = Files.readString(out.resolve("kustomization.yaml"));
        StringBuilder header = new StringBuilder();
        for (String line : kustomization.split("\n")) {
            if (line.startsWith("#")) {
                header.append(line).append('\n');
            } else if (line.startsWith("- ")) {
                files.add(line.substring(2));
            }
        }
        assertThat(files).first().isEqualTo("001-serviceaccount-cachebox-operator.yaml");
        StringBuilder joined = new StringBuilder(header);
        for (String file : files) {
            joined.append("---\n").append(Files.readString(out.resolve(file)));
        }
        assertThat(joined.toString()).isEqualTo(stream.out());
        try (var listing = Files.list(out)) {
            assertThat(listing.count()).isEqualTo(files.size() + 1L);
        }
    }

    @Test
    void anUnknownOutputIsOneLine() {
        CliResult result = Cli.run("template", CACHEBOX, "-o", "json");

        assertThat(result.exitCode()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(result.err().strip()).isEqualTo("error: -o json: expected stream or dir=OUT");
    }

    /** The documents of a YAML stream. */
    static List<JsonNode> objects(String stream) throws IOException {
        List<JsonNode> objects = new ArrayList<>();
        try (MappingIterator<JsonNode> documents = new YAMLMapper().readerFor(JsonNode.class).readValues(stream)) {
            while (documents.hasNext()) {
                JsonNode document = documents.next();
                if (document != null && !document.isMissingNode() && !document.isNull()) {
                    objects.add(document);
                }
            }
        }
        return objects;
    }
}
