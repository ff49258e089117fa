package dev.bundlectl.plan;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.bundle.Bundle;
import dev.bundlectl.bundle.BundleReadResult;
import dev.bundlectl.bundle.Diagnostic;
import dev.bundlectl.bundle.read.BundleReader;
import dev.bundlectl.bundle.yaml.JsonTrees;
import dev.bundlectl.bundle.yaml.Mappers;
import dev.bundlectl.plan.api.ApiSurfaces;
import dev.bundlectl.plan.config.ClusterProxy;
import dev.bundlectl.plan.config.ConfigLocation;
import dev.bundlectl.plan.config.ConfigRead;
import dev.bundlectl.plan.config.ConfigRequest;
import dev.bundlectl.plan.config.OperatorConfigReader;
import dev.bundlectl.plan.config.ProxyReading;
import dev.bundlectl.plan.model.PlanCondition;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepStatus;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The planner with an operator configuration (docs/semantics.md §10): written into the CSV's
 * deployments in OLM mode, into the rendered Deployments in render mode, the same pod template
 * either way; the CSV step and the {@code OperatorConfig} condition say so; a mount naming no
 * volume, and a proxy that cannot be read, are errors.
 */
class ConfigPlanningTest {

    private static final String NS = "cachebox";
    private static final Bundle CACHEBOX = read("samples/bundles/cachebox-operator");
    private static final String CONFIG = """
            nodeSelector: {node-role.kubernetes.io/infra: ""}
            tolerations: [{key: node-role.kubernetes.io/infra, operator: Exists, effect: NoSchedule}]
            resources: {limits: {memory: 512Mi}, requests: {cpu: 20m, memory: 128Mi}}
            env: [{name: LOG_LEVEL, value: debug}]
            volumes: [{name: cluster-ca, configMap: {name: cluster-ca}}]
            volumeMounts: [{name: cluster-ca, mountPath: /etc/pki/cluster, readOnly: true}]
            annotations: {example.com/owner: platform}
            """;

    private final InstallPlanner planner = new InstallPlanner();

    @Test
    void olmModeAndRenderModeGiveTheSamePodTemplate() {
        PlanResult olm = planner.plan(CACHEBOX, request(CsvMode.OLM, config(CONFIG)));
        PlanResult render = planner.plan(CACHEBOX, request(CsvMode.RENDER, config(CONFIG)));

        JsonNode csvDeployment = object(step(olm, "ClusterServiceVersion")).path("spec").path("install").path("spec")
                .path("deployments").get(0).path("spec");
        JsonNode rendered = object(step(render, "Deployment"));
        JsonNode template = csvDeployment.path("template").deepCopy();
        JsonNode renderedTemplate = rendered.path("spec").path("template").deepCopy();
        // What the renderer adds for OLM's own annotations is OLM's to add in OLM mode.
        ((com.fasterxml.jackson.databind.node.ObjectNode) renderedTemplate.path("metadata").path("annotations"))
                .remove(java.util.List.of("olm.targetNamespaces", "olm.operatorNamespace"));
        assertThat(renderedTemplate).isEqualTo(template);
        JsonNode pod = template.path("spec");
        assertThat(pod.path("nodeSelector").has("node-role.kubernetes.io/infra")).isTrue();
        assertThat(pod.path("containers").get(0).path("resources").path("limits").path("memory").asText())
                .isEqualTo("512Mi");
        assertThat(rendered.path("metadata").path("annotations").path("example.com/owner").asText())
                .as("render mode annotates the Deployment too, as OLM does for a Subscription").isEqualTo("platform");
    }

    @Test
    void theCsvStepAndTheConditionSayItWasConfiguredAndWithWhat() {
        PlanResult olm = planner.plan(CACHEBOX, request(CsvMode.OLM, config(CONFIG)));

        Step csv = step(olm, "ClusterServiceVersion");
        assertThat(csv.status()).isEqualTo(StepStatus.UNKNOWN);
        assertThat(csv.message()).startsWith("OLM mode: configured with nodeSelector (1), tolerations (1), resources, "
                + "env (1), volumes (1), volumeMounts (1), annotations (1) (config.yaml)");
        assertThat(olm.verdict().installable()).as("a note, not a predicted failure").isTrue();
        PlanCondition condition = olm.plan().status().conditions().stream()
                .filter(c -> c.type().equals(ConfigRequest.CONDITION)).findFirst().orElseThrow();
        assertThat(condition.status()).isEqualTo("True");
        assertThat(condition.reason()).isEqualTo("Given");
        assertThat(condition.message()).contains("as config.yaml gives it").contains("nodeSelector (1)");

        PlanResult render = planner.plan(CACHEBOX, request(CsvMode.RENDER, config(CONFIG)));
        assertThat(step(render, "ClusterServiceVersion").message()).contains("(csv-mode render); configured with");
    }

    @Test
    void anOlmModeCsvCarriesTheDigestOfItsConfigurationWheneverOneIsInPlay() {
        String annotation = dev.bundlectl.plan.olm.CsvDeploymentConfig.ANNOTATION;
        JsonNode configured = object(step(planner.plan(CACHEBOX, request(CsvMode.OLM, config(CONFIG))),
                "ClusterServiceVersion"));
        assertThat(configured.path("metadata").path("annotations").path(annotation).asText()).matches("sha256:[0-9a-f]{64}");

        ConfigRequest dropped = new ConfigRequest(dev.bundlectl.plan.config.OperatorConfig.NONE, null, "Reset",
                "--reset-config", null);
        JsonNode reset = object(step(planner.plan(CACHEBOX, request(CsvMode.OLM, dropped)), "ClusterServiceVersion"));
        assertThat(reset.path("metadata").path("annotations").path(annotation).asText()).as("a recorded one dropped")
                .matches("sha256:[0-9a-f]{64}").isNotEqualTo(configured.path("metadata").path("annotations")
                        .path(annotation).asText());

        JsonNode plain = object(step(planner.plan(CACHEBOX, request(CsvMode.OLM, ConfigRequest.NONE)),
                "ClusterServiceVersion"));
        assertThat(plain.path("metadata").path("annotations").has(annotation)).as("none ever configured").isFalse();
    }

    @Test
    void withoutAConfigurationThePlanIsAsBefore() {
        PlanResult plain = planner.plan(CACHEBOX, PlanRequest.of(NS, ApiSurfaces.builtIn(), "b")
                .withCsvMode(CsvMode.OLM, null));
        PlanResult none = planner.plan(CACHEBOX, PlanRequest.of(NS, ApiSurfaces.builtIn(), "b")
                .withCsvMode(CsvMode.OLM, null).withConfig(ConfigRequest.NONE));

        assertThat(JsonTrees.compact(Mappers.json().valueToTree(none.plan())))
                .isEqualTo(JsonTrees.compact(Mappers.json().valueToTree(plain.plan())));
    }

    @Test
    void aMountThatNamesNoVolumeOfTheConfigOrTheBundleIsAnErrorNamingTheFileAndField() {
        PlanResult result = planner.plan(CACHEBOX, request(CsvMode.RENDER,
                config("volumeMounts: [{name: ca, mountPath: /ca}]")));

        Diagnostic error = result.diagnostics().errors().get(0);
        assertThat(error.location().file()).isEqualTo("config.yaml");
        assertThat(error.field()).isEqualTo("volumeMounts[0].name");
        assertThat(error.message()).isEqualTo("Not found: \"ca\": no volume of that name in the configuration or in "
                + "the pod of Deployment cachebox-operator");
        assertThat(planner.plan(CACHEBOX, request(CsvMode.OLM, config("volumeMounts: [{name: ca, mountPath: /ca}]")))
                .diagnostics().errors()).as("in OLM mode too").hasSize(1);
    }

    @Test
    void renderModeInjectsTheClusterProxyUnlessTheConfigSetsOneOfItsVariables() {
        ClusterProxy proxy = new ClusterProxy("http://proxy:3128", "http://proxy:3128", ".svc");
        PlanResult withProxy = planner.plan(CACHEBOX, request(CsvMode.RENDER, ConfigRequest.NONE
                .withProxy(new ProxyReading.Found(proxy))));
        assertThat(env(withProxy)).contains("HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY");
        assertThat(step(withProxy, "ClusterServiceVersion").message())
                .contains("the cluster's proxy injected as OLM does on OpenShift (Proxy/cluster): HTTP_PROXY, "
                        + "HTTPS_PROXY, NO_PROXY");

        PlanResult overridden = planner.plan(CACHEBOX, request(CsvMode.RENDER,
                config("env: [{name: HTTP_PROXY, value: 'http://mine:1'}]").withProxy(new ProxyReading.Found(proxy))));
        assertThat(env(overridden)).contains("HTTP_PROXY").doesNotContain("NO_PROXY");

        PlanResult olm = planner.plan(CACHEBOX, request(CsvMode.OLM, ConfigRequest.NONE
                .withProxy(new ProxyReading.Found(proxy))));
        assertThat(object(step(olm, "ClusterServiceVersion")).toString()).as("OLM injects it itself")
                .doesNotContain("HTTP_PROXY");
    }

    @Test
    void aProxyThatCannotBeReadStopsARenderedPlanUnlessTheConfigSetsItsOwn() {
        ProxyReading refused = new ProxyReading.Unreadable("403 Forbidden");

        PlanResult stopped = planner.plan(CACHEBOX, request(CsvMode.RENDER, ConfigRequest.NONE.withProxy(refused)));
        assertThat(stopped.diagnostics().errors()).singleElement().asString()
                .contains("Proxy/cluster cannot be read (403 Forbidden)");

        assertThat(planner.plan(CACHEBOX, request(CsvMode.RENDER,
                config("env: [{name: NO_PROXY, value: '*'}]").withProxy(refused))).diagnostics().errors()).isEmpty();
        assertThat(planner.plan(CACHEBOX, request(CsvMode.OLM, ConfigRequest.NONE.withProxy(refused)))
                .diagnostics().errors()).as("OLM reads it itself").isEmpty();
    }

    private static String env(PlanResult result) {
        return object(step(result, "Deployment")).path("spec").path("template").path("spec").path("containers")
                .get(0).path("env").toString();
    }

    private static PlanRequest request(CsvMode mode, ConfigRequest config) {
        return PlanRequest.of(NS, ApiSurfaces.builtIn(), "samples/bundles/cachebox-operator")
                .withCsvMode(mode, null).withConfig(config);
    }

    private static ConfigRequest config(String yaml) {
        try {
            ConfigRead read = OperatorConfigReader.of(Mappers.yaml().readTree(yaml), ConfigLocation.file("config.yaml"));
            ConfigRead.Read config = (ConfigRead.Read) read;
            return new ConfigRequest(config.config(), config.location(), "Given", "as config.yaml gives it", null);
        } catch (IOException e) {
            throw new IllegalArgumentException(e);
        }
    }

    private static Step step(PlanResult result, String kind) {
        return result.plan().steps().stream().filter(step -> step.resource().kind().equals(kind)).findFirst()
                .orElseThrow();
    }

    private static JsonNode object(Step step) {
        try {
            return Mappers.json().readTree(step.resource().manifest());
        } catch (IOException e) {
            throw new IllegalArgumentException(e);
        }
    }

    private static Bundle read(String relative) {
        Path root = Path.of(System.getProperty("bundlectl.repoRoot", "..")).toAbsolutePath().normalize();
        BundleReadResult result = new BundleReader().read(root.resolve(relative));
        assertThat(result.bundle()).as(result.diagnostics().errors().toString()).isPresent();
        return result.bundle().get();
    }
}
