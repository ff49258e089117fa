package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.executor.testing.RealApiServer;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Render mode gives the operator the cluster's proxy as OLM does on OpenShift
 * (docs/semantics.md §10): with OpenShift's own Proxy CRD (verbatim from openshift/api, in test
 * resources with its license) and a {@code cluster} object, the rendered Deployment gets
 * {@code HTTP_PROXY}, {@code HTTPS_PROXY} and {@code NO_PROXY} from the object's status (not its
 * spec), and a configuration that sets {@code HTTP_PROXY} keeps all three out. The CRD is served
 * by a real API server of this class's own: on the shared one it would give every other test's
 * rendered operator a proxy.
 */
class RealServerOperatorConfigProxyTest {

    private static final ResourceDefinitionContext PROXIES = new ResourceDefinitionContext.Builder()
            .withGroup("config.openshift.io").withVersion("v1").withKind("Proxy").withPlural("proxies")
            .withNamespaced(false).build();

    private static RealApiServer server;

    @BeforeAll
    static void serveOpenShiftsProxyWithAClusterObject() {
        server = RealApiServer.start(RealApiServer.Flavour.PLAIN);
        server.createCrds(Path.of("src/test/resources/openshift-api/0000_03_config-operator_01_proxies.crd.yaml"));
        server.client().genericKubernetesResources(PROXIES).resource(io.fabric8.kubernetes.client.utils.Serialization
                .unmarshal("""
                        apiVersion: config.openshift.io/v1
                        kind: Proxy
                        metadata: {name: cluster}
                        spec: {httpProxy: "http://spec-only.example.com:1", trustedCA: {name: ""}}
                        """, GenericKubernetesResource.class)).create();
        GenericKubernetesResource proxy = server.client().genericKubernetesResources(PROXIES).withName("cluster").get();
        proxy.setAdditionalProperty("status", Map.of("httpProxy", "http://proxy.example.com:3128",
                "httpsProxy", "http://proxy.example.com:3129", "noProxy", ".cluster.local,.svc,10.0.0.0/16"));
        server.client().genericKubernetesResources(PROXIES).resource(proxy).updateStatus();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void renderModeInjectsTheThreeVariablesFromTheProxysStatus() {
        RealCluster cluster = RealCluster.in(server, "proxy");

        CliRun install = cluster.run("install", RealCluster.sample(), "-n", cluster.namespace(), "-o", "json");

        assertThat(install.exitCode()).as(install.toString()).isZero();
        assertThat(RealCluster.step(RealCluster.json(install), "ClusterServiceVersion", "cachebox-operator.v0.3.1")
                .path("message").asText()).contains("the cluster's proxy injected as OLM does on OpenShift "
                        + "(Proxy/cluster): HTTP_PROXY, HTTPS_PROXY, NO_PROXY");
        assertThat(env(cluster)).containsExactly(Map.entry("HTTP_PROXY", "http://proxy.example.com:3128"),
                Map.entry("HTTPS_PROXY", "http://proxy.example.com:3129"),
                Map.entry("NO_PROXY", ".cluster.local,.svc,10.0.0.0/16"));
    }

    @Test
    void aConfigThatSetsHttpProxyKeepsAllThreeOut() {
        RealCluster cluster = RealCluster.in(server, "proxy-own");

        CliRun install = cluster.run("install", RealCluster.sample(), "-n", cluster.namespace(), "--env",
                "HTTP_PROXY=http://mine.example.com:8080");

        assertThat(install.exitCode()).as(install.toString()).isZero();
        assertThat(env(cluster)).containsExactly(Map.entry("HTTP_PROXY", "http://mine.example.com:8080"));
    }

    private static Map<String, String> env(RealCluster cluster) {
        List<EnvVar> env = RealServerOperatorConfigTest.deployment(cluster, "cachebox-operator").getSpec().getTemplate()
                .getSpec().getContainers().get(0).getEnv();
        return env.stream().collect(Collectors.toMap(EnvVar::getName, EnvVar::getValue, (a, b) -> b,
                LinkedHashMap::new));
    }
}
