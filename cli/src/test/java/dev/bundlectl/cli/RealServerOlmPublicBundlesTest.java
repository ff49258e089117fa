package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.bundle.testing.SharedCorpus;
import dev.bundlectl.executor.testing.RealOlm;
import dev.bundlectl.executor.testing.RealOlmExtension;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceConversion;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Public catalog bundles that meet OLM's own doings, installed and upgraded with the real
 * olm-operator judging them on the newest supported Kubernetes (the one simulated part is
 * {@link KubeletStandIn}, which marks OLM's Deployments rolled out):
 * <ul>
 *   <li>dynatrace-operator 0.10.0 to 0.10.1, a real edge of its channel ({@code spec.replaces}),
 *   whose CRD has a conversion webhook: OLM writes its own service and CA bundle into the CRD's
 *   {@code spec.conversion} as field manager {@code olm}, and the upgrade's CRD update takes over
 *   exactly those conflicting fields, as OLM's catalog operator's CRD step updates the CRD whole;
 *   OLM then injects the new version's webhook again;</li>
 *   <li>apicurio-registry-3 3.3.1, whose CSV's {@code metadata.namespace} is
 *   {@code PLACEHOLDER_NAMESPACE}: judged in the namespace it is written to, it installs.</li>
 * </ul>
 * The bundles are read from {@code testdata/real-bundles} (0.10.0, apicurio) and the dev corpus
 * (0.10.1), unchanged.
 */
@ExtendWith(RealOlmExtension.class)
class RealServerOlmPublicBundlesTest {

    private static final String CRD = "dynakubes.dynatrace.com";

    private final List<RealCluster> clusters = new ArrayList<>();

    /**
     * What an AllNamespaces operator leaves would meet the other tests of this OLM: its CSV copied
     * into every namespace, its webhooks. Its install goes, its CSVs and groups, its webhooks too.
     */
    @AfterEach
    void deleteWhatTheTestLeft() {
        for (RealCluster cluster : clusters) {
            for (String packageName : List.of("dynatrace-operator", "apicurio-registry-3")) {
                cluster.run("uninstall", "--package", packageName, "-n", cluster.namespace(), "--delete-crds");
            }
            OlmObjects.deleteCsvsAndGroups(cluster);
            for (String kind : List.of("MutatingWebhookConfiguration", "ValidatingWebhookConfiguration")) {
                cluster.client().genericKubernetesResources(new ResourceDefinitionContext.Builder()
                        .withGroup("admissionregistration.k8s.io").withVersion("v1").withKind(kind)
                        .withPlural(kind.toLowerCase(java.util.Locale.ROOT) + "s").withNamespaced(false).build())
                        .withLabel("olm.owner.namespace", cluster.namespace()).delete();
            }
        }
    }

    @Test
    void aCrdWithAConversionWebhookThatOlmInjectedIsUpgradedAlongItsChannel(RealOlm olm) {
        RealCluster cluster = cluster(olm, "dynatrace");
        String ns = cluster.namespace();
        CliRun first = OlmObjects.installRunning(olm, cluster, "dynatrace-operator.v0.10.0",
                TestPaths.realBundle("dynatrace-operator/0.10.0").toString());
        assertThat(first.exitCode()).as(first + "\n" + olm.logTail(30)).isZero();
        CustomResourceConversion injected = conversion(cluster);
        assertThat(injected.getWebhook().getClientConfig().getService().getNamespace())
                .as("OLM's service, in the install namespace, not the bundle's").isEqualTo(ns);
        assertThat(injected.getWebhook().getClientConfig().getCaBundle()).as("OLM's CA bundle").isNotBlank();

        CliRun upgraded = OlmObjects.installRunning(olm, cluster, "dynatrace-operator.v0.10.1",
                SharedCorpus.dev().resolve("dynatrace-operator/0.10.1").toString());

        assertThat(upgraded.exitCode()).as(upgraded + "\n" + olm.logTail(40)).isZero();
        assertThat(upgraded.err()).contains("OLM removed ClusterServiceVersion " + ns + "/dynatrace-operator.v0.10.0");
        assertThat(OlmObjects.phaseOf(OlmObjects.csv(cluster, "dynatrace-operator.v0.10.1"))).isEqualTo("Succeeded");
        assertThat(OlmObjects.csv(cluster, "dynatrace-operator.v0.10.0")).as("removed by OLM").isNull();
        assertThat(RealCluster.step(RealCluster.json(upgraded), "CustomResourceDefinition", CRD).path("message")
                .asText()).contains("took over from olm").contains(".spec.conversion.webhook.clientConfig.service");
        CustomResourceConversion after = conversion(cluster);
        assertThat(after.getWebhook().getClientConfig().getService().getNamespace())
                .as("OLM injected 0.10.1's webhook again").isEqualTo(ns);
        assertThat(after.getWebhook().getClientConfig().getCaBundle()).isNotBlank();
        assertThat(managers(cluster)).as("nobody else's fields were taken").contains("olm");
    }

    @Test
    void aCsvWhoseNamespaceIsAPlaceholderInstallsAndRuns(RealOlm olm) {
        RealCluster cluster = cluster(olm, "placeholder");

        CliRun install = OlmObjects.installRunning(olm, cluster, "apicurio-registry-3.v3.3.1",
                TestPaths.realBundle("apicurio-registry-3/3.3.1").toString(), "--install-mode", "OwnNamespace");

        assertThat(install.exitCode()).as(install + "\n" + olm.logTail(30)).isZero();
        assertThat(OlmObjects.phaseOf(OlmObjects.csv(cluster, "apicurio-registry-3.v3.3.1"))).isEqualTo("Succeeded");
        assertThat(install.err()).doesNotContain("PLACEHOLDER_NAMESPACE");
    }

    private RealCluster cluster(RealOlm olm, String prefix) {
        RealCluster cluster = RealCluster.in(olm.server(), prefix);
        clusters.add(cluster);
        return cluster;
    }

    private static CustomResourceConversion conversion(RealCluster cluster) {
        CustomResourceDefinition crd = cluster.client().apiextensions().v1().customResourceDefinitions()
                .withName(CRD).get();
        return crd.getSpec().getConversion();
    }

    private static List<String> managers(RealCluster cluster) {
        return cluster.client().apiextensions().v1().customResourceDefinitions().withName(CRD).get().getMetadata()
                .getManagedFields().stream().map(entry -> entry.getManager()).toList();
    }
}
