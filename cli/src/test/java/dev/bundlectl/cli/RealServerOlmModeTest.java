package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.executor.testing.KubeletStandIn;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealOlm;
import dev.bundlectl.executor.testing.RealOlmExtension;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * OLM mode judged by the real thing: OLM v0's olm-operator from {@code ../shared/olm}, running
 * against the real kube-apiserver. An install is done when OLM takes the CSV to {@code Succeeded},
 * with nothing made by hand. Nothing here runs Pods: {@link KubeletStandIn} marks the Deployments
 * OLM creates as rolled out and available, the one simulated part.
 */
@ExtendWith(RealOlmExtension.class)
@Tag(RealApiServer.SMOKE_ON_OLDEST)
class RealServerOlmModeTest {

    private static final String CSV = "cachebox-operator.v0.3.1";
    private static final ResourceDefinitionContext OPERATOR_GROUPS = new ResourceDefinitionContext.Builder()
            .withGroup("operators.coreos.com").withVersion("v1").withKind("OperatorGroup").withPlural("operatorgroups")
            .withNamespaced(true).build();
    private static final ResourceDefinitionContext CSVS = new ResourceDefinitionContext.Builder()
            .withGroup("operators.coreos.com").withVersion("v1alpha1").withKind("ClusterServiceVersion")
            .withPlural("clusterserviceversions").withNamespaced(true).build();

    /** The namespaces of this test, whose CSVs are deleted after each test. */
    private final List<RealCluster> clusters = new java.util.ArrayList<>();

    /**
     * An AllNamespaces operator left behind would have OLM copy its CSV into every namespace, the
     * other tests' included, and an OperatorGroup left behind keeps saying it provides the CSV's
     * APIs until OLM prunes it (a later install would be predicted InterOperatorGroupOwnerConflict):
     * whatever a test leaves is deleted, pass or fail.
     */
    @org.junit.jupiter.api.AfterEach
    void deleteWhatTheTestLeft() {
        for (RealCluster cluster : clusters) {
            cluster.client().genericKubernetesResources(CSVS).inNamespace(cluster.namespace()).delete();
            cluster.client().genericKubernetesResources(OPERATOR_GROUPS).inNamespace(cluster.namespace()).delete();
        }
    }

    private RealCluster cluster(RealOlm realOlm, String prefix) {
        RealCluster cluster = RealCluster.in(realOlm.server(), prefix);
        clusters.add(cluster);
        return cluster;
    }

    @Test
    void theSampleRunsStatusShowsOlmsWordAndUninstallLeavesNothingOfItsOwn(RealOlm olm) {
        RealCluster cluster = cluster(olm, "olm-sample");
        String ns = cluster.namespace();

        CliRun install = installWithKubelet(olm, cluster, "install", RealCluster.sample(), "-n", ns, "-o", "json");

        assertThat(install.exitCode()).as(install + "\n" + olm.logTail(30)).isZero();
        assertThat(install.err()).contains("OLM: ").contains("operator running: " + ns + "/" + CSV + " Succeeded");
        JsonNode plan = RealCluster.json(install);
        assertThat(RealCluster.step(plan, "OperatorGroup", ns).path("status").asText()).isEqualTo("Created");
        assertThat(RealCluster.step(plan, "ServiceAccount", "cachebox-operator").path("status").asText())
                .isEqualTo("Created");
        assertThat(condition(plan, "OperatorRunning").path("status").asText()).isEqualTo("True");
        assertThat(condition(plan, "OperatorRunning").path("reason").asText()).isEqualTo("InstallSucceeded");
        GenericKubernetesResource group = operatorGroup(cluster, ns);
        assertThat(group).isNotNull();
        assertThat((java.util.Map<String, Object>) group.getAdditionalProperties().get("spec"))
                .as("AllNamespaces: no targets").doesNotContainKey("targetNamespaces");
        List<String> clusterRoles = names(plan, "ClusterRole", CSV);
        assertThat(clusterRoles).as("the CSV's clusterPermissions, as OLM names them").isNotEmpty();

        String record = install.err().replaceAll("(?s).*install record: " + ns + "/(\\S+) .*", "$1");
        CliRun status = cluster.run("status", "-n", ns, record);
        assertThat(status.exitCode()).as(status.toString()).isZero();
        assertThat(status.out()).contains("Running:    ClusterServiceVersion " + CSV
                + ": Succeeded InstallSucceeded: install strategy completed with no errors");

        CliRun uninstall = cluster.run("uninstall", "--package", "cachebox-operator", "-n", ns);
        assertThat(uninstall.exitCode()).as(uninstall.toString()).isZero();
        assertThat(operatorGroup(cluster, ns)).as("the OperatorGroup bundlectl created").isNull();
        assertThat(cluster.client().serviceAccounts().inNamespace(ns).withName("cachebox-operator").get()).isNull();
        for (String name : clusterRoles) {
            assertThat(cluster.client().rbac().clusterRoles().withName(name).get()).as(name).isNull();
            assertThat(cluster.client().rbac().clusterRoleBindings().withName(name).get()).as(name).isNull();
        }
        // OLM's own Role for the CSV's OperatorCondition (named as the CSV) is OLM's to remove.
        assertThat(cluster.client().rbac().roles().inNamespace(ns).list().getItems())
                .extracting(role -> role.getMetadata().getName()).noneMatch(name -> name.startsWith(CSV + "-"));
    }

    @Test
    void anExistingOperatorGroupIsUsedAsItIsAndKeptByUninstall(RealOlm olm) {
        RealCluster cluster = cluster(olm, "olm-own");
        String ns = cluster.namespace();
        olm.server().create("""
                apiVersion: operators.coreos.com/v1
                kind: OperatorGroup
                metadata: {name: team, namespace: %s}
                spec: {targetNamespaces: [%s]}
                """.formatted(ns, ns));

        CliRun install = installWithKubelet(olm, cluster, "install", RealCluster.sample(), "-n", ns);

        assertThat(install.exitCode()).as(install + "\n" + olm.logTail(30)).isZero();
        assertThat(install.out()).containsPattern("OperatorGroup\\s+team\\s+" + ns + "\\s+no\\s+Present");
        assertThat(cluster.client().genericKubernetesResources(OPERATOR_GROUPS).inNamespace(ns).list().getItems())
                .as("no second OperatorGroup").hasSize(1);

        CliRun uninstall = cluster.run("uninstall", "--package", "cachebox-operator", "-n", ns);
        assertThat(uninstall.exitCode()).as(uninstall.toString()).isZero();
        assertThat(operatorGroup(cluster, "team")).as("someone else's OperatorGroup stays").isNotNull();
    }

    @Test
    void ownNamespaceGetsAnOperatorGroupTargetingTheNamespace(RealOlm olm) {
        RealCluster cluster = cluster(olm, "olm-ownns");
        String ns = cluster.namespace();

        CliRun install = installWithKubelet(olm, cluster, "install", RealCluster.sample(), "-n", ns,
                "--install-mode", "OwnNamespace");

        assertThat(install.exitCode()).as(install + "\n" + olm.logTail(30)).isZero();
        GenericKubernetesResource group = operatorGroup(cluster, ns);
        assertThat((java.util.Map<String, Object>) group.getAdditionalProperties().get("spec"))
                .containsEntry("targetNamespaces", List.of(ns));
        GenericKubernetesResource csv = cluster.client().genericKubernetesResources(CSVS).inNamespace(ns).withName(CSV)
                .get();
        assertThat(csv.getMetadata().getAnnotations()).as("OLM read the group's targets")
                .containsEntry("olm.targetNamespaces", ns);
        cluster.run("uninstall", "--package", "cachebox-operator", "-n", ns);
    }

    @Test
    void twoOperatorGroupsAreRefusedBeforeAnythingIsWritten(RealOlm olm) {
        RealCluster cluster = cluster(olm, "olm-two");
        String ns = cluster.namespace();
        for (String name : List.of("one", "two")) {
            olm.server().create("""
                    apiVersion: operators.coreos.com/v1
                    kind: OperatorGroup
                    metadata: {name: %s, namespace: %s}
                    spec: {}
                    """.formatted(name, ns));
        }

        CliRun install = cluster.run("install", RealCluster.sample(), "-n", ns);

        assertThat(install.exitCode()).as(install.toString()).isEqualTo(3);
        assertThat(install.err()).contains("nothing was applied").contains("TooManyOperatorGroups")
                .contains("one, two");
        assertNothingWritten(cluster, ns);
    }

    @Test
    void aMinKubeVersionAboveTheServersIsRefusedBeforeAnythingIsWritten(RealOlm olm, @TempDir Path dir)
            throws IOException {
        RealCluster cluster = cluster(olm, "olm-kube");
        String ns = cluster.namespace();
        Path bundle = SampleCopies.plain(dir.resolve("bundle"));
        Path csvFile = bundle.resolve("manifests/cachebox-operator.clusterserviceversion.yaml");
        // One minor release above the server planned against, whichever release the tests run on.
        String[] server = RealApiServer.VERSION.split("\\.");
        String tooHigh = server[0] + "." + (Integer.parseInt(server[1]) + 1) + ".0";
        Files.writeString(csvFile, Files.readString(csvFile).replace("minKubeVersion: 1.25.0", "minKubeVersion: " + tooHigh));

        CliRun install = cluster.run("install", bundle.toString(), "-n", ns);

        assertThat(install.exitCode()).as(install.toString()).isEqualTo(3);
        assertThat(install.err()).contains("RequirementsNotMet").contains("CSV version requirement not met: "
                + "minKubeVersion (" + tooHigh + ") > server version (" + RealApiServer.VERSION + ")");
        assertNothingWritten(cluster, ns);
    }

    @Test
    void waitReportsOlmsUnmetRequirementsVerbatim(RealOlm olm, @TempDir Path dir) throws IOException {
        RealCluster cluster = cluster(olm, "olm-unmet");
        String ns = cluster.namespace();
        Path bundle = SampleCopies.plain(dir.resolve("bundle"));
        Path csvFile = bundle.resolve("manifests/cachebox-operator.clusterserviceversion.yaml");
        // A required CRD that the surface the user gives claims is served, and the cluster lacks:
        // the plan cannot see through the user's word, and OLM finds the requirement unmet.
        Files.writeString(csvFile, Files.readString(csvFile).replace("  customresourcedefinitions:\n",
                "  customresourcedefinitions:\n    required:\n    - {name: widgets.example.com, version: v1, kind: Widget,"
                        + " displayName: Widget, description: a widget}\n"));
        Path surface = dir.resolve("widgets.yaml");
        Files.writeString(surface, "- {group: example.com, version: v1, kind: Widget, plural: widgets, namespaced: true}\n");

        CliRun install = cluster.run("install", bundle.toString(), "-n", ns, "--api-surface", "kubernetes",
                "--api-surface", surface.toString(), "--wait", "--wait-timeout", "20s");

        assertThat(install.exitCode()).as(install + "\n" + olm.logTail(30)).isEqualTo(3);
        assertThat(install.err()).contains("Pending RequirementsNotMet")
                .contains("CustomResourceDefinition/widgets.example.com NotPresent");
    }

    @Test
    void aPlanReviewedOfflineIsRefusedWhereTheNamespaceNowHasAnotherOperatorGroup(RealOlm olm, @TempDir Path dir)
            throws IOException {
        RealCluster cluster = cluster(olm, "olm-rev-off");
        String ns = cluster.namespace();
        CliRun plan = CliRun.of("plan", RealCluster.sample(), "-n", ns, "-o", "yaml");
        assertThat(plan.exitCode()).as(plan.toString()).isZero();
        Path file = dir.resolve("plan.yaml");
        Files.writeString(file, plan.out());
        olm.server().create("""
                apiVersion: operators.coreos.com/v1
                kind: OperatorGroup
                metadata: {name: team, namespace: %s}
                spec: {}
                """.formatted(ns));

        CliRun install = cluster.run("install", "--plan-file", file.toString(), RealCluster.sample(), "-n", ns);

        assertThat(install.exitCode()).as(install.toString()).isEqualTo(2);
        assertThat(install.err()).contains("the reviewed plan creates OperatorGroup " + ns)
                .contains("which already has team").contains("TooManyOperatorGroups").contains("plan again");
        assertNothingWritten(cluster, ns);
    }

    @Test
    void aPlanReviewedAgainstTheClusterUsesItsOperatorGroup(RealOlm olm, @TempDir Path dir) throws IOException {
        RealCluster cluster = cluster(olm, "olm-rev-live");
        String ns = cluster.namespace();
        olm.server().create("""
                apiVersion: operators.coreos.com/v1
                kind: OperatorGroup
                metadata: {name: team, namespace: %s}
                spec: {targetNamespaces: [%s]}
                """.formatted(ns, ns));
        CliRun plan = cluster.run("plan", RealCluster.sample(), "-n", ns, "-o", "yaml");
        assertThat(plan.exitCode()).as(plan.toString()).isZero();
        Path file = dir.resolve("plan.yaml");
        Files.writeString(file, plan.out());

        CliRun install = installWithKubelet(olm, cluster, "install", "--plan-file", file.toString(),
                RealCluster.sample(), "-n", ns);

        assertThat(install.exitCode()).as(install + "\n" + olm.logTail(30)).isZero();
        assertThat(install.out()).containsPattern("OperatorGroup\\s+team\\s+" + ns + "\\s+no\\s+Present");
        assertThat(cluster.client().genericKubernetesResources(OPERATOR_GROUPS).inNamespace(ns).list().getItems())
                .hasSize(1);
    }

    /**
     * {@code install ARGS --wait} in the test's namespace while {@link KubeletStandIn} marks the
     * Deployments OLM creates for the sample's CSV as rolled out.
     */
    private static CliRun installWithKubelet(RealOlm olm, RealCluster cluster, String... args) {
        List<String> all = new java.util.ArrayList<>(List.of(args));
        all.addAll(List.of("--wait", "--wait-timeout", "120s"));
        try (KubeletStandIn.Background kubelet = KubeletStandIn.of(olm.server()).start(cluster.namespace(), CSV)) {
            return cluster.run(all.toArray(String[]::new));
        }
    }

    private static void assertNothingWritten(RealCluster cluster, String ns) {
        assertThat(cluster.client().genericKubernetesResources(CSVS).inNamespace(ns).list().getItems()).isEmpty();
        assertThat(cluster.client().serviceAccounts().inNamespace(ns).withName("cachebox-operator").get()).isNull();
        assertThat(cluster.client().secrets().inNamespace(ns).list().getItems()).as("no install record").isEmpty();
        assertThat(cluster.client().configMaps().inNamespace(ns).withName("cachebox-defaults").get()).isNull();
    }

    private static GenericKubernetesResource operatorGroup(RealCluster cluster, String name) {
        return cluster.client().genericKubernetesResources(OPERATOR_GROUPS).inNamespace(cluster.namespace())
                .withName(name).get();
    }

    private static JsonNode condition(JsonNode plan, String type) {
        for (JsonNode condition : plan.path("status").path("conditions")) {
            if (type.equals(condition.path("type").asText())) {
                return condition;
            }
        }
        throw new AssertionError("no " + type + " condition in " + plan.path("status").path("conditions"));
    }

    private static List<String> names(JsonNode plan, String kind, String prefix) {
        List<String> names = new java.util.ArrayList<>();
        for (JsonNode step : plan.path("status").path("plan")) {
            String name = step.path("resource").path("name").asText();
            if (kind.equals(step.path("resource").path("kind").asText()) && name.startsWith(prefix)) {
                names.add(name);
            }
        }
        return names;
    }
}
