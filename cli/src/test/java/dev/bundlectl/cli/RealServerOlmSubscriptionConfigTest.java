package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.yaml.Mappers;
import dev.bundlectl.executor.testing.KubeletStandIn;
import dev.bundlectl.executor.testing.RealOlm;
import dev.bundlectl.executor.testing.RealOlmExtension;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * bundlectl's merge against OLM's own (docs/semantics.md §10): the real olm-operator applies a
 * Subscription's {@code spec.config} itself when it finds one whose {@code status.installedCSV} names
 * the CSV ({@code overrides.operatorConfig.GetConfigOverrides}, {@code DeploymentInitializer.initialize}
 * and {@code overrides/inject}). A bundle whose Deployment sets the same env var, volume, mount,
 * toleration, affinity parts, resources, node selector and pod annotation as the configuration is
 * installed once with such a Subscription beside it, OLM merging; bundlectl's merge of the same
 * configuration, written into the CSV as {@code --config} writes it, must give the same pod template
 * once the API server has defaulted both. Nothing runs Pods: {@link KubeletStandIn} marks OLM's
 * Deployment rolled out.
 */
@ExtendWith(RealOlmExtension.class)
class RealServerOlmSubscriptionConfigTest {

    private static final ResourceDefinitionContext SUBSCRIPTIONS = new ResourceDefinitionContext.Builder()
            .withGroup("operators.coreos.com").withVersion("v1alpha1").withKind("Subscription")
            .withPlural("subscriptions").withNamespaced(true).build();
    private static final String CSV = "subcfg-operator.v0.3.0";
    /** What every rule of OLM's merge meets: the bundle sets the same thing first (see {@link #bundle}). */
    private static final String CONFIG = """
            env:
            - {name: LOG_LEVEL, value: debug}
            - {name: EXTRA, value: "1"}
            envFrom:
            - configMapRef: {name: bundle-defaults}
            - secretRef: {name: cluster-creds}
            volumes:
            - name: certs
              configMap: {name: cluster-ca}
            - name: extra
              emptyDir: {}
            volumeMounts:
            - {name: certs, mountPath: /etc/pki/cluster, readOnly: true}
            tolerations:
            - {key: dedicated, operator: Equal, value: ops, effect: NoSchedule}
            - {key: node-role.kubernetes.io/infra, operator: Exists, effect: NoSchedule}
            resources:
              limits: {memory: 1Gi}
            nodeSelector: {node-role.kubernetes.io/infra: ""}
            affinity:
              nodeAffinity:
                requiredDuringSchedulingIgnoredDuringExecution:
                  nodeSelectorTerms:
                  - matchExpressions: [{key: node-role.kubernetes.io/infra, operator: Exists}]
            annotations: {team: platform, cost-center: "42"}
            """;

    @TempDir
    Path dir;

    private RealCluster cluster;

    @AfterEach
    void deleteWhatTheTestLeft() {
        if (cluster != null) {
            OlmObjects.deleteCsvsAndGroups(cluster);
        }
    }

    @Test
    void bundlectlsMergeGivesThePodTemplateOlmsOwnMergeGives(RealOlm olm) throws IOException {
        cluster = RealCluster.in(olm.server(), "sub-config");
        String ns = cluster.namespace();
        Path bundle = bundle();
        subscription(ns);

        CliRun installed;
        try (KubeletStandIn.Background kubelet = KubeletStandIn.of(olm.server()).start(ns, CSV)) {
            installed = cluster.run("install", bundle.toString(), "-n", ns, "--install-mode", "OwnNamespace", "--wait",
                    "--wait-timeout", "120s");
        }
        assertThat(installed.exitCode()).as(installed + "\n" + olm.logTail(30)).isZero();
        Deployment byOlm = RealServerOperatorConfigTest.deployment(cluster, "subcfg-operator");
        assertThat(byOlm.getSpec().getTemplate().getSpec().getNodeSelector()).as("OLM applied the Subscription's config")
                .containsEntry("node-role.kubernetes.io/infra", "");

        Path config = Files.writeString(dir.resolve("config.yaml"), CONFIG);
        CliRun planned = cluster.run("plan", bundle.toString(), "-n", ns, "--install-mode", "OwnNamespace",
                "--config", config.toString(), "-o", "json");
        assertThat(planned.exitCode()).as(planned.toString()).isZero();
        JsonNode csv = Mappers.json().readTree(RealCluster.step(RealCluster.json(planned), "ClusterServiceVersion", CSV)
                .path("resource").path("manifest").asText());
        ObjectNode deployment = Mappers.json().createObjectNode();
        deployment.put("apiVersion", "apps/v1").put("kind", "Deployment");
        deployment.putObject("metadata").put("name", "merged").put("namespace", ns);
        deployment.set("spec", csv.path("spec").path("install").path("spec").path("deployments").get(0).path("spec"));
        Deployment byBundlectl = cluster.client().apps().deployments().inNamespace(ns)
                .resource(Serialization.unmarshal(deployment.toString(), Deployment.class)).dryRun().create();

        Set<String> olmAnnotations = OlmObjects.csv(cluster, CSV).getMetadata().getAnnotations().keySet();
        JsonNode ours = merged(byBundlectl, olmAnnotations);
        JsonNode olms = merged(byOlm, olmAnnotations);
        for (String field : List.of("env", "envFrom", "volumeMounts", "resources")) {
            assertThat(ours.path("containers").get(0).path(field)).as(field).isEqualTo(olms.path("containers").get(0)
                    .path(field));
        }
        for (String field : List.of("volumes", "tolerations", "nodeSelector", "affinity", "annotations")) {
            assertThat(ours.path(field)).as(field).isEqualTo(olms.path(field));
        }
        assertThat(ours).isEqualTo(olms);
    }

    /**
     * The sample as its own package, its Deployment setting what the configuration sets too: an env
     * var, an envFrom source, a volume and its mount, a toleration, node and pod affinity, resources,
     * a node selector and a pod annotation.
     */
    private Path bundle() throws IOException {
        Path bundle = SampleCopies.renamed("samples/bundles/cachebox-operator-v0.3.0", dir.resolve("bundle"), "subcfg");
        Path file = bundle.resolve("manifests/subcfg-operator.clusterserviceversion.yaml");
        ObjectNode csv = (ObjectNode) Mappers.yaml().readTree(Files.readString(file));
        ObjectNode template = (ObjectNode) csv.path("spec").path("install").path("spec").path("deployments").get(0)
                .path("spec").path("template");
        ((ObjectNode) template.path("metadata")).set("annotations", Mappers.yaml().readTree("team: bundle"));
        ObjectNode pod = (ObjectNode) template.path("spec");
        pod.setAll((ObjectNode) Mappers.yaml().readTree("""
                nodeSelector: {disk: ssd}
                tolerations:
                - {key: dedicated, operator: Equal, value: ops, effect: NoSchedule}
                volumes:
                - name: certs
                  secret: {secretName: bundle-certs}
                affinity:
                  nodeAffinity:
                    requiredDuringSchedulingIgnoredDuringExecution:
                      nodeSelectorTerms:
                      - matchExpressions: [{key: zone, operator: In, values: [a]}]
                  podAffinity:
                    preferredDuringSchedulingIgnoredDuringExecution:
                    - weight: 1
                      podAffinityTerm: {topologyKey: zone}
                """));
        ((ObjectNode) pod.path("containers").get(0)).setAll((ObjectNode) Mappers.yaml().readTree("""
                env:
                - {name: LOG_LEVEL, value: info}
                - {name: WATCH, value: all}
                envFrom:
                - configMapRef: {name: bundle-defaults}
                volumeMounts:
                - {name: certs, mountPath: /certs}
                """));
        Files.writeString(file, Mappers.yaml().writeValueAsString(csv));
        return bundle;
    }

    /** A Subscription whose status says it installed the CSV, as OLM's catalog operator would leave it. */
    private void subscription(String ns) throws IOException {
        ObjectNode subscription = (ObjectNode) Mappers.yaml().readTree("""
                apiVersion: operators.coreos.com/v1alpha1
                kind: Subscription
                metadata: {name: subcfg}
                spec: {name: subcfg-operator, source: test, sourceNamespace: olm, channel: stable}
                """);
        ((ObjectNode) subscription.path("spec")).set("config", Mappers.yaml().readTree(CONFIG));
        var subscriptions = cluster.client().genericKubernetesResources(SUBSCRIPTIONS).inNamespace(ns);
        subscriptions.resource(Serialization.unmarshal(subscription.toString(), GenericKubernetesResource.class))
                .create();
        GenericKubernetesResource created = subscriptions.withName("subcfg").get();
        created.setAdditionalProperty("status", Map.of("installedCSV", CSV, "currentCSV", CSV, "state",
                "AtLatestKnown", "lastUpdated", Instant.now().toString()));
        subscriptions.resource(created).updateStatus();
    }

    /**
     * The pod spec as a merge left it, with the pod template's annotations in it: OLM's own
     * additions left out (the CSV's annotations it copies onto the pod template, its variable).
     */
    private static JsonNode merged(Deployment deployment, Set<String> olmAnnotations) {
        ObjectNode pod = Mappers.json().valueToTree(deployment.getSpec().getTemplate().getSpec());
        ObjectNode annotations = Mappers.json().valueToTree(deployment.getSpec().getTemplate().getMetadata()
                .getAnnotations());
        annotations.remove(olmAnnotations);
        pod.set("annotations", annotations);
        for (JsonNode container : pod.path("containers")) {
            ArrayNode env = (ArrayNode) container.path("env");
            for (int i = env.size() - 1; i >= 0; i--) {
                if (env.get(i).path("name").asText().equals("OPERATOR_CONDITION_NAME")) {
                    env.remove(i);
                }
            }
        }
        return pod;
    }
}
