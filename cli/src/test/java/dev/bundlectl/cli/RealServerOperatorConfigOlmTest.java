package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.bundlectl.bundle.yaml.Mappers;
import dev.bundlectl.executor.testing.KubeletStandIn;
import dev.bundlectl.executor.testing.RealOlm;
import dev.bundlectl.executor.testing.RealOlmExtension;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The operator's configuration under the real olm-operator (docs/operator-config.md): written into
 * the CSV's deployments, it is on the Deployment OLM creates, and the CSV reaches
 * {@code Succeeded}; render mode and {@code template} give the same pod template, field for field,
 * apart from what OLM adds of its own; an upgrade without {@code --config} keeps it; and another
 * configuration for the installed CSV updates it, and OLM its Deployment. Nothing
 * here runs Pods: {@link KubeletStandIn} marks OLM's Deployments rolled out, the one simulated part.
 */
@ExtendWith(RealOlmExtension.class)
class RealServerOperatorConfigOlmTest {

    /** The variable OLM's {@code deploymentForSpec} adds to every container after the configuration. */
    private static final String OLM_VARIABLE = "OPERATOR_CONDITION_NAME";
    /** What the renderer writes as OLM would: the annotations OLM copies from the CSV in OLM mode. */
    private static final Set<String> RENDERED_OLM_ANNOTATIONS = Set.of("olm.targetNamespaces", "olm.operatorNamespace");

    private final List<RealCluster> clusters = new ArrayList<>();

    @TempDir
    Path dir;

    @AfterEach
    void deleteWhatTheTestLeft() {
        clusters.forEach(OlmObjects::deleteCsvsAndGroups);
    }

    @Test
    void olmCreatesTheConfiguredDeploymentAndRenderModeAndTemplateGiveTheSamePodTemplate(RealOlm olm)
            throws IOException {
        RealCluster cluster = cluster(olm, "cfg-olm");
        String ns = cluster.namespace();
        Path bundle = SampleCopies.renamed("samples/bundles/cachebox-operator-v0.3.0", dir.resolve("b"), "cfgolm");
        Path config = Files.writeString(dir.resolve("config.yaml"), RealServerOperatorConfigTest.CONFIG);

        CliRun plan = cluster.run("plan", bundle.toString(), "-n", ns, "--install-mode", "OwnNamespace", "--config",
                config.toString(), "-o", "json");
        assertThat(RealCluster.step(RealCluster.json(plan), "ClusterServiceVersion", "cfgolm-operator.v0.3.0")
                .path("message").asText()).startsWith("OLM mode: configured with nodeSelector (1), tolerations (1), "
                        + "resources, env (1), volumes (1), volumeMounts (1), annotations (1) (" + config + ")");
        CliRun installed = installRunning(olm, cluster, "cfgolm-operator.v0.3.0", bundle, "--config", config.toString());

        assertThat(installed.exitCode()).as(installed + "\n" + olm.logTail(30)).isZero();
        GenericKubernetesResource csv = OlmObjects.csv(cluster, "cfgolm-operator.v0.3.0");
        assertThat(OlmObjects.phaseOf(csv)).isEqualTo("Succeeded");
        Deployment byOlm = RealServerOperatorConfigTest.deployment(cluster, "cfgolm-operator");
        assertThat(byOlm.getMetadata().getLabels()).as("created by OLM").containsEntry("olm.owner",
                "cfgolm-operator.v0.3.0");
        RealServerOperatorConfigTest.assertConfigured(byOlm);

        // Render mode, in a namespace of its own on the same server: the same package, its CRDs shared.
        RealCluster rendered = cluster(olm, "cfg-rnd");
        CliRun render = rendered.run("install", bundle.toString(), "-n", rendered.namespace(), "--csv-mode", "render",
                "--config", config.toString());
        assertThat(render.exitCode()).as(render.toString()).isZero();
        Deployment byRender = RealServerOperatorConfigTest.deployment(rendered, "cfgolm-operator");

        JsonNode olmTemplate = withoutOlmsOwn(template(byOlm), csv.getMetadata().getAnnotations().keySet());
        JsonNode renderTemplate = withoutOlmsOwn(template(byRender), RENDERED_OLM_ANNOTATIONS);
        assertThat(renderTemplate).isEqualTo(olmTemplate);

        // template: the same objects as the install; the server defaults its Deployment as it did the others'.
        CliResult templated = Cli.run("template", bundle.toString(), "-n", rendered.namespace(), "--csv-mode",
                "render", "--config", config.toString());
        assertThat(templated.exitCode()).as(templated.err()).isZero();
        ObjectNode deployment = deploymentOf(templated.out());
        RealCluster dryRun = cluster(olm, "cfg-tpl");
        deployment.with("metadata").put("namespace", dryRun.namespace());
        Deployment defaulted = cluster.client().apps().deployments().inNamespace(dryRun.namespace())
                .resource(Serialization.unmarshal(deployment.toString(), Deployment.class)).dryRun().create();
        assertThat(withoutOlmsOwn(template(defaulted), RENDERED_OLM_ANNOTATIONS)).isEqualTo(olmTemplate);
    }

    @Test
    void anUpgradeWithoutConfigKeepsItUnderOlm(RealOlm olm) throws IOException {
        RealCluster cluster = cluster(olm, "cfg-olm-up");
        Path v030 = SampleCopies.renamed("samples/bundles/cachebox-operator-v0.3.0", dir.resolve("v030"), "cfgolmup");
        Path v040 = SampleCopies.renamed("samples/bundles/cachebox-operator-v0.4.0", dir.resolve("v040"), "cfgolmup");
        Path config = Files.writeString(dir.resolve("config.yaml"), RealServerOperatorConfigTest.CONFIG);
        CliRun first = installRunning(olm, cluster, "cfgolmup-operator.v0.3.0", v030, "--config", config.toString());
        assertThat(first.exitCode()).as(first + "\n" + olm.logTail(30)).isZero();

        CliRun upgraded = installRunning(olm, cluster, "cfgolmup-operator.v0.4.0", v040);

        assertThat(upgraded.exitCode()).as(upgraded + "\n" + olm.logTail(40)).isZero();
        assertThat(RealServerOperatorConfigTest.condition(RealCluster.json(upgraded), "OperatorConfig")
                .path("reason").asText()).isEqualTo("Recorded");
        assertThat(OlmObjects.phaseOf(OlmObjects.csv(cluster, "cfgolmup-operator.v0.4.0"))).isEqualTo("Succeeded");
        Deployment deployment = RealServerOperatorConfigTest.deployment(cluster, "cfgolmup-operator");
        assertThat(deployment.getMetadata().getLabels()).containsEntry("olm.owner", "cfgolmup-operator.v0.4.0");
        RealServerOperatorConfigTest.assertConfigured(deployment);
    }

    @Test
    void aChangedConfigUpdatesTheInstalledCsvAndOlmUpdatesItsDeployment(RealOlm olm) throws IOException {
        RealCluster cluster = cluster(olm, "cfg-olm-edit");
        Path bundle = SampleCopies.renamed("samples/bundles/cachebox-operator-v0.3.0", dir.resolve("b"), "cfgedit");
        Path config = Files.writeString(dir.resolve("config.yaml"), RealServerOperatorConfigTest.CONFIG);
        CliRun first = installRunning(olm, cluster, "cfgedit-operator.v0.3.0", bundle, "--config", config.toString());
        assertThat(first.exitCode()).as(first + "\n" + olm.logTail(30)).isZero();
        Path changed = Files.writeString(dir.resolve("changed.yaml"),
                RealServerOperatorConfigTest.CONFIG.replace("memory: 512Mi", "memory: 1Gi"));

        CliRun again = installRunning(olm, cluster, "cfgedit-operator.v0.3.0", bundle, "--config", changed.toString());

        assertThat(again.exitCode()).as(again + "\n" + olm.logTail(30)).isZero();
        assertThat(RealCluster.step(RealCluster.json(again), "ClusterServiceVersion", "cfgedit-operator.v0.3.0")
                .path("message").asText()).isEqualTo("already existed; its operator configuration updated "
                        + "(spec.install), which OLM rolls out to its Deployments");
        awaitMemoryLimit(cluster, "cfgedit-operator", "1Gi");
        assertThat(OlmObjects.phaseOf(OlmObjects.csv(cluster, "cfgedit-operator.v0.3.0"))).isEqualTo("Succeeded");

        CliRun same = installRunning(olm, cluster, "cfgedit-operator.v0.3.0", bundle);
        assertThat(same.exitCode()).as(same.toString()).isZero();
        assertThat(RealCluster.step(RealCluster.json(same), "ClusterServiceVersion", "cfgedit-operator.v0.3.0")
                .path("message").asText()).as("the recorded one is the CSV's: nothing to update")
                .endsWith("its operator configuration is the planned one");
    }

    /** Waits until OLM has given the Deployment the new limit: it updates what it made when the CSV changes. */
    private static void awaitMemoryLimit(RealCluster cluster, String name, String limit) {
        long deadline = System.nanoTime() + java.time.Duration.ofSeconds(90).toNanos();
        String seen = null;
        while (System.nanoTime() < deadline) {
            seen = String.valueOf(RealServerOperatorConfigTest.deployment(cluster, name).getSpec().getTemplate()
                    .getSpec().getContainers().get(0).getResources().getLimits().get("memory"));
            if (seen.equals(limit)) {
                return;
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
        throw new AssertionError("OLM never gave " + name + " the memory limit " + limit + "; last seen " + seen);
    }

    private RealCluster cluster(RealOlm olm, String prefix) {
        RealCluster cluster = RealCluster.in(olm.server(), prefix);
        clusters.add(cluster);
        return cluster;
    }

    /** {@code install BUNDLE --wait} in OwnNamespace mode, the kubelet stand-in marking the CSV's Deployments. */
    private static CliRun installRunning(RealOlm olm, RealCluster cluster, String csv, Path bundle, String... more) {
        List<String> args = new ArrayList<>(List.of("install", bundle.toString(), "-n", cluster.namespace(),
                "--install-mode", "OwnNamespace", "--wait", "--wait-timeout", "120s", "-o", "json"));
        args.addAll(List.of(more));
        try (KubeletStandIn.Background kubelet = KubeletStandIn.of(olm.server()).start(cluster.namespace(), csv)) {
            return cluster.run(args.toArray(String[]::new));
        }
    }

    private static JsonNode template(Deployment deployment) {
        return Mappers.json().valueToTree(deployment.getSpec().getTemplate());
    }

    /**
     * The pod template less what OLM adds of its own: the annotations it copies from the CSV (or
     * the renderer writes as OLM would) and the variable it gives every container.
     */
    private static JsonNode withoutOlmsOwn(JsonNode template, Set<String> olmAnnotations) {
        ObjectNode copy = template.deepCopy();
        ((ObjectNode) copy.path("metadata").path("annotations")).remove(olmAnnotations);
        for (JsonNode container : copy.path("spec").path("containers")) {
            ArrayNode env = (ArrayNode) container.path("env");
            for (int i = env.size() - 1; i >= 0; i--) {
                if (env.get(i).path("name").asText().equals(OLM_VARIABLE)) {
                    env.remove(i);
                }
            }
        }
        return copy;
    }

    private static ObjectNode deploymentOf(String stream) throws IOException {
        try (MappingIterator<JsonNode> objects = new YAMLMapper().readerFor(JsonNode.class).readValues(stream)) {
            while (objects.hasNext()) {
                JsonNode object = objects.next();
                if (object.path("kind").asText().equals("Deployment")) {
                    return (ObjectNode) object;
                }
            }
        }
        throw new AssertionError("no Deployment in the template's output");
    }
}
