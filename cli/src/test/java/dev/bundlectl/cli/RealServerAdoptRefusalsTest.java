package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.executor.testing.OlmShapedInstall;
import dev.bundlectl.executor.testing.RealOlm;
import dev.bundlectl.executor.testing.RealOlmExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code adopt} refuses (docs/semantics.md §11), each on what OLM's catalog operator would
 * leave ({@link OlmShapedInstall}) with the real olm-operator judging the CSV: a CSV that is not
 * {@code Succeeded}, an upgrade under way, a bundle that differs from what runs (unless
 * {@code --force}), a dependency of another Subscription, and a Subscription with
 * {@code spec.config}. Each refusal writes nothing: no install record, the Subscription and its
 * InstallPlans where they were.
 */
@ExtendWith(RealOlmExtension.class)
class RealServerAdoptRefusalsTest {

    private final List<RealCluster> clusters = new ArrayList<>();

    @AfterEach
    void deleteWhatTheTestLeft() {
        clusters.forEach(OlmObjects::deleteCsvsAndGroups);
    }

    @Test
    void aCsvThatIsNotSucceededIsRefused(RealOlm olm, @TempDir Path dir) throws Exception {
        Refused refused = refused(olm, dir, "adoptfail", OlmShapedInstall.Builder::stalled);

        assertThat(refused.run().err()).contains("cannot adopt adoptfail-operator in namespace " + refused.ns())
                .contains("ClusterServiceVersion " + refused.ns() + "/adoptfail-operator.v0.3.1 is not running: "
                        + "OLM reports Failed");
    }

    @Test
    void anUpgradeUnderWayIsRefused(RealOlm olm, @TempDir Path dir) throws Exception {
        Refused refused = refused(olm, dir, "adoptmid", setup -> setup.upgradingTo("adoptmid-operator.v0.4.0"));

        assertThat(refused.run().err()).contains("OLM is upgrading adoptmid-operator in namespace " + refused.ns())
                .contains("moves from adoptmid-operator.v0.3.1 to adoptmid-operator.v0.4.0 (state UpgradePending)")
                .contains("is RequiresApproval");
    }

    @Test
    void aDependencyOfAnotherSubscriptionIsRefused(RealOlm olm, @TempDir Path dir) throws Exception {
        Refused refused = refused(olm, dir, "adoptdep", setup -> setup.dependencyOf("adoptdep-dashboard"));

        assertThat(refused.run().err()).contains("was installed as a dependency of Subscription adoptdep-dashboard")
                .contains("Subscription " + refused.ns() + "/adoptdep-operator-stable-adopt-catalog-olm was created "
                        + "by InstallPlan install-");
    }

    @Test
    void aSubscriptionThatConfiguresTheDeploymentsIsRefused(RealOlm olm, @TempDir Path dir) throws Exception {
        Refused refused = refused(olm, dir, "adoptcfg", OlmShapedInstall.Builder::configured);

        assertThat(refused.run().err()).contains("sets spec.config")
                .contains("without it OLM would roll them out again (a restart)");
    }

    @Test
    void aBundleThatDiffersFromWhatRunsIsRefusedNamingTheDifferenceAndForceAdoptsIt(RealOlm olm, @TempDir Path dir)
            throws Exception {
        RealCluster cluster = cluster(olm, "adopt-differs");
        String ns = cluster.namespace();
        Path running = SampleCopies.renamed("samples/bundles/cachebox-operator", dir.resolve("running"), "adoptdiff");
        OlmShapedInstall.Installed installed = OlmShapedInstall.of(olm, ns, running).install();
        Path other = SampleCopies.renamed("samples/bundles/cachebox-operator", dir.resolve("other"), "adoptdiff");
        Path defaults = other.resolve("manifests/adoptdiff-defaults_v1_configmap.yaml");
        Files.writeString(defaults, Files.readString(defaults).replace("256Mi", "512Mi"));
        String before = OlmObjects.secretNames(cluster);

        CliRun refused = cluster.run("adopt", "--package", installed.packageName(), "-n", ns, "--bundle",
                other.toString());

        assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(ExitCode.PLAN_FAILED);
        assertThat(refused.out()).contains("-  default-memory: 256Mi").contains("+  default-memory: 512Mi")
                .contains("the bundle differs from what runs:");
        assertThat(refused.err()).contains("the bundle differs from what OLM runs (1 difference): ConfigMap " + ns
                + "/adoptdiff-defaults differs from what runs at data.default-memory")
                .contains("--force adopts it anyway");
        nothingWritten(cluster, installed, before);

        CliRun forced = cluster.run("adopt", "--package", installed.packageName(), "-n", ns, "--bundle",
                other.toString(), "--force");

        assertThat(forced.exitCode()).as(forced + "\n" + olm.logTail(30)).isZero();
        assertThat(cluster.client().configMaps().inNamespace(ns).withName("adoptdiff-defaults").get().getData())
                .containsEntry("default-memory", "512Mi");
        assertThat(cluster.client().genericKubernetesResources(OlmShapedInstall.SUBSCRIPTIONS).inNamespace(ns).list()
                .getItems()).isEmpty();
    }

    @Test
    void aPackageWithoutASubscriptionAndABundleOfAnotherPackageAreInvalidInput(RealOlm olm, @TempDir Path dir)
            throws Exception {
        RealCluster cluster = cluster(olm, "adopt-input");
        String ns = cluster.namespace();
        Path bundle = SampleCopies.renamed("samples/bundles/cachebox-operator", dir.resolve("running"), "adoptin");
        OlmShapedInstall.Installed installed = OlmShapedInstall.of(olm, ns, bundle).install();
        Path another = SampleCopies.renamed("samples/bundles/cachebox-operator", dir.resolve("another"), "adoptother");
        String before = OlmObjects.secretNames(cluster);

        CliRun noSubscription = cluster.run("adopt", "--package", "adoptnone-operator", "-n", ns);
        CliRun anotherPackage = cluster.run("adopt", "--package", installed.packageName(), "-n", ns, "--bundle",
                another.toString());

        assertThat(noSubscription.exitCode()).as(noSubscription.toString()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(noSubscription.err().strip()).isEqualTo("error: nothing to adopt: no Subscription of package "
                + "adoptnone-operator in namespace " + ns + "; OLM's Subscriptions there: " + installed.subscription()
                + " (package " + installed.packageName() + ")");
        assertThat(anotherPackage.exitCode()).as(anotherPackage.toString()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(anotherPackage.err().strip()).endsWith("error: " + another + ": the bundle is of package "
                + "adoptother-operator, not " + installed.packageName());
        nothingWritten(cluster, installed, before);
    }

    /** What a refusal's test sets up and runs: OLM's install of a renamed sample, then {@code adopt}. */
    private record Refused(String ns, CliRun run) {
    }

    private Refused refused(RealOlm olm, Path dir, String prefix, UnaryOperator<OlmShapedInstall.Builder> variant)
            throws Exception {
        RealCluster cluster = cluster(olm, prefix);
        String ns = cluster.namespace();
        Path bundle = SampleCopies.renamed("samples/bundles/cachebox-operator", dir.resolve(prefix), prefix);
        OlmShapedInstall.Installed installed = variant.apply(OlmShapedInstall.of(olm, ns, bundle)).install();
        String before = OlmObjects.secretNames(cluster);

        CliRun run = cluster.run("adopt", "--package", installed.packageName(), "-n", ns, "--bundle", bundle.toString());

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCode.PLAN_FAILED);
        assertThat(run.err().strip()).as("one line").doesNotContain("\n").startsWith("error: cannot adopt ")
                .endsWith("; nothing was written");
        nothingWritten(cluster, installed, before);
        return new Refused(ns, run);
    }

    /** No install record, and OLM's Subscription and InstallPlan where they were. */
    private static void nothingWritten(RealCluster cluster, OlmShapedInstall.Installed installed, String secrets) {
        assertThat(OlmObjects.secretNames(cluster)).as("no install record").isEqualTo(secrets);
        assertThat(cluster.client().genericKubernetesResources(OlmShapedInstall.SUBSCRIPTIONS)
                .inNamespace(cluster.namespace()).withName(installed.subscription()).get()).isNotNull();
        assertThat(cluster.client().genericKubernetesResources(OlmShapedInstall.INSTALL_PLANS)
                .inNamespace(cluster.namespace()).withName(installed.installPlan()).get()).isNotNull();
    }

    private RealCluster cluster(RealOlm olm, String prefix) {
        RealCluster cluster = RealCluster.in(olm.server(), prefix);
        clusters.add(cluster);
        return cluster;
    }
}
