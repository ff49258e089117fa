package dev.bundlectl.cli;

import dev.bundlectl.executor.testing.KubeletStandIn;
import dev.bundlectl.executor.testing.RealOlm;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** OLM's objects in a test's namespace, read and cleaned up the same way by the upgrade tests. */
final class OlmObjects {

    /** OLM's OperatorGroups, for the generic client. */
    static final ResourceDefinitionContext OPERATOR_GROUPS = new ResourceDefinitionContext.Builder()
            .withGroup("operators.coreos.com").withVersion("v1").withKind("OperatorGroup").withPlural("operatorgroups")
            .withNamespaced(true).build();

    private OlmObjects() {
    }

    /**
     * {@code install BUNDLE -n NS --wait --wait-timeout 120s -o json} with {@code more} flags, the
     * kubelet stand-in marking the Deployments OLM creates for {@code csv} rolled out meanwhile.
     */
    static CliRun installRunning(RealOlm olm, RealCluster cluster, String csv, String bundle, String... more) {
        List<String> args = new ArrayList<>(List.of("install", bundle, "-n", cluster.namespace(), "--wait",
                "--wait-timeout", "120s", "-o", "json"));
        args.addAll(List.of(more));
        try (KubeletStandIn.Background kubelet = KubeletStandIn.of(olm.server()).start(cluster.namespace(), csv)) {
            return cluster.run(args.toArray(String[]::new));
        }
    }

    /** The CSV {@code name} of the test's namespace, or null. */
    static GenericKubernetesResource csv(RealCluster cluster, String name) {
        return cluster.client().genericKubernetesResources(OlmInstallOutcomes.CSVS).inNamespace(cluster.namespace())
                .withName(name).get();
    }

    /** OLM's phase of a CSV; "" before OLM wrote a status. */
    static String phaseOf(GenericKubernetesResource csv) {
        return csv.getAdditionalProperties().get("status") instanceof Map<?, ?> status
                ? String.valueOf(status.get("phase")) : "";
    }

    /** The names of the namespace's Secrets (install records among them), sorted, as one text. */
    static String secretNames(RealCluster cluster) {
        return cluster.client().secrets().inNamespace(cluster.namespace()).list().getItems().stream()
                .map(secret -> secret.getMetadata().getName()).sorted().toList().toString();
    }

    /**
     * Deletes the namespace's CSVs and OperatorGroups: a CSV left Installing keeps olm-operator busy,
     * and a group left says it provides the APIs, which a later install would rightly call a conflict.
     */
    static void deleteCsvsAndGroups(RealCluster cluster) {
        cluster.client().genericKubernetesResources(OlmInstallOutcomes.CSVS).inNamespace(cluster.namespace()).delete();
        cluster.client().genericKubernetesResources(OPERATOR_GROUPS).inNamespace(cluster.namespace()).delete();
    }
}
