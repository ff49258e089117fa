package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.executor.testing.RealIdentities;
import dev.bundlectl.executor.testing.RealIdentity;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.rbac.PolicyRuleBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Least privilege on the real API server, with real tokens: a CI job's own ServiceAccount, which
 * may do nothing but impersonate the installer account, runs {@code bundlectl --as} that account.
 * With the RBAC {@code plan --installer-rbac} writes, the sample installs, re-runs, upgrades to
 * v0.4.0 (with that version's RBAC applied) and uninstalls; with one rule of it removed, the install
 * stops before anything is written, exit 3, naming what is missing in the API server's terms.
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerInstallerRbacTest {

    private static final String INSTALLER = "installer";

    @TempDir
    Path dir;

    @Test
    void withTheGeneratedRbacTheInstallerInstallsReRunsUpgradesAndUninstallsActingAsItsAccount(
            @RealApiServerExtension.Served(RealApiServer.Flavour.OLM) RealApiServer server) {
        RealCluster cluster = RealCluster.in(server, "installer-rbac");
        String ns = cluster.namespace();
        applyInstallerRbac(cluster, RealCluster.sample(), null);
        RealIdentity job = ciJob(server, ns);

        CliRun install = asInstaller(cluster, job, "install", RealCluster.sample(), "-n", ns);
        assertThat(install.exitCode()).as(install.toString()).isZero();
        assertThat(cluster.client().configMaps().inNamespace(ns).withName("cachebox-defaults").get()).isNotNull();

        CliRun rerun = asInstaller(cluster, job, "install", RealCluster.sample(), "-n", ns);
        assertThat(rerun.exitCode()).as(rerun.toString()).isZero();

        // The next version's RBAC, written against the cluster, names what its upgrade deletes.
        String v040 = TestPaths.arg("samples/bundles/cachebox-operator-v0.4.0");
        applyInstallerRbac(cluster, v040, server.kubeconfig());
        CliRun upgrade = asInstaller(cluster, job, "install", v040, "-n", ns);
        assertThat(upgrade.exitCode()).as(upgrade.toString()).isZero();
        assertThat(upgrade.out()).contains("Upgrade from cachebox-operator.v0.3.1");
        // No olm-operator runs here: what only v0.3.1 had is kept until v0.4.0 runs, still owned.
        assertThat(cluster.client().configMaps().inNamespace(ns).withName("cachebox-defaults").get()).isNotNull();

        CliRun uninstall = asInstaller(cluster, job, "uninstall", "--package", "cachebox-operator", "-n", ns);
        assertThat(uninstall.exitCode()).as(uninstall.toString()).isZero();
        assertThat(cluster.client().configMaps().inNamespace(ns).withName("cachebox-defaults").get())
                .as("the upgrade's pending removal goes with the uninstall").isNull();
        assertThat(cluster.client().services().inNamespace(ns).withName("cachebox-operator-metrics").get()).isNull();
        assertThat(cluster.get("operators.coreos.com/v1alpha1", "ClusterServiceVersion", "clusterserviceversions",
                "cachebox-operator.v0.4.0")).isNull();
    }

    @Test
    void withOneRuleRemovedTheInstallStopsBeforeWritingAndNamesWhatIsMissing(
            @RealApiServerExtension.Served(RealApiServer.Flavour.OLM) RealApiServer server) {
        RealCluster cluster = RealCluster.in(server, "installer-rbac-less");
        String ns = cluster.namespace();
        String rbac = installerRbac(cluster, RealCluster.sample(), null);
        // The rule for the operator's ServiceAccount that OLM mode creates: get, create, patch, delete by name.
        String without = rbac.replaceAll("(?m)^# ServiceAccount/" + ns + "/cachebox-operator\\n(?:(?!# |---).*\\n)*", "");
        assertThat(without).isNotEqualTo(rbac).doesNotContain("resources: [\"serviceaccounts\"]");
        apply(cluster.client(), without);
        RealIdentity job = ciJob(server, ns);

        CliRun install = asInstaller(cluster, job, "install", RealCluster.sample(), "-n", ns);

        assertThat(install.exitCode()).as(install.toString()).isEqualTo(ExitCode.PLAN_FAILED);
        assertThat(install.err())
                .contains("error: system:serviceaccount:" + ns + ":" + INSTALLER + " may not install cachebox-operator in "
                        + "namespace " + ns + ": it lacks 2 permissions; nothing was written")
                .contains("  patch serviceaccounts \"cachebox-operator\" in namespace " + ns
                        + " (ServiceAccount/" + ns + "/cachebox-operator)")
                .contains("  create serviceaccounts \"cachebox-operator\" in namespace " + ns);
        assertThat(cluster.client().secrets().inNamespace(ns).list().getItems()).as("no install record")
                .noneMatch(secret -> "bundlectl.dev/install-record".equals(secret.getType()));
        assertThat(cluster.get("operators.coreos.com/v1alpha1", "ClusterServiceVersion", "clusterserviceversions",
                "cachebox-operator.v0.3.1")).as("nothing written").isNull();
        assertThat(cluster.client().configMaps().inNamespace(ns).withName("cachebox-defaults").get()).isNull();
    }

    /**
     * Every rule of the generated RBAC is needed: with any one of them removed (each in a namespace
     * of its own), the install stops before writing anything, or, for a rule only the uninstall
     * needs, the uninstall stops before removing anything, and either names what is missing.
     */
    @Test
    void withAnyOneRuleRemovedAnOperationStopsAndNamesWhatIsMissing(
            @RealApiServerExtension.Served(RealApiServer.Flavour.OLM) RealApiServer server) {
        int rules = rules(CliRun.of("plan", RealCluster.sample(), "-n", "any", "--installer-rbac", INSTALLER).out()).size();
        assertThat(rules).as("rules in the generated RBAC").isGreaterThan(10);
        List<String> neededBy = new java.util.ArrayList<>();
        for (int removed = 0; removed < rules; removed++) {
            RealCluster cluster = RealCluster.in(server, "rule-" + removed);
            String ns = cluster.namespace();
            String rbac = installerRbac(cluster, RealCluster.sample(), null);
            List<int[]> spans = rules(rbac);
            int[] span = spans.get(removed);
            List<String> lines = new java.util.ArrayList<>(List.of(rbac.split("\n", -1)));
            String rule = String.join(" ", lines.subList(span[0], span[1])).replaceAll("\s+", " ");
            if (rule.contains("resources: [\"namespaces\"] verbs: [\"get\"]")) {
                // Needed only when an owner's namespace or the install's own is gone or being deleted
                // (docs/semantics.md §8): without it such an owner counts as living, and an uninstall
                // from a namespace being deleted cannot tell. RealServerControllerNamespaceGoneTest
                // runs that case with this RBAC; here both operations succeed without it.
                neededBy.add("a gone or departing namespace: " + rule);
                continue;
            }
            lines.subList(span[0], span[1]).clear();
            apply(cluster.client(), String.join("\n", lines));
            RealIdentity job = ciJob(server, ns);
            String refusal = "system:serviceaccount:" + ns + ":" + INSTALLER + " may not ";

            CliRun install = asInstaller(cluster, job, "install", RealCluster.sample(), "-n", ns);

            if (install.exitCode() != ExitCode.OK) {
                assertThat(install.exitCode()).as("without " + rule + ": " + install).isEqualTo(ExitCode.PLAN_FAILED);
                assertThat(install.err()).as("without " + rule + ": " + install).contains(refusal).contains(" lacks ");
                assertThat(cluster.client().secrets().inNamespace(ns).list().getItems()).as("no install record")
                        .noneMatch(secret -> "bundlectl.dev/install-record".equals(secret.getType()));
                assertThat(cluster.client().configMaps().inNamespace(ns).withName("cachebox-defaults").get())
                        .as("nothing written without " + rule).isNull();
                neededBy.add("install: " + rule);
                continue;
            }
            CliRun uninstall = asInstaller(cluster, job, "uninstall", "--package", "cachebox-operator", "-n", ns);
            assertThat(uninstall.exitCode()).as("without " + rule + " install and uninstall both succeeded: "
                    + uninstall).isEqualTo(ExitCode.PLAN_FAILED);
            assertThat(uninstall.err() + uninstall.out()).as("without " + rule).contains(refusal).contains(" lacks ");
            assertThat(cluster.client().configMaps().inNamespace(ns).withName("cachebox-defaults").get())
                    .as("nothing removed without " + rule).isNotNull();
            neededBy.add("uninstall: " + rule);
        }
        System.out.println("[bundlectl] each generated rule, and the operation that stops without it:\n  "
                + String.join("\n  ", neededBy));
    }

    /**
     * The line spans ({@code [from, to)}) of every rule item of the Roles and ClusterRoles in
     * {@code rbac}: a line starting {@code - } under {@code rules:}, with the indented lines after it.
     */
    private static List<int[]> rules(String rbac) {
        List<int[]> spans = new java.util.ArrayList<>();
        String[] lines = rbac.split("\n", -1);
        boolean inRules = false;
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].equals("rules:")) {
                inRules = true;
            } else if (lines[i].equals("---") || !lines[i].startsWith("- ") && !lines[i].startsWith("  ")
                    && !lines[i].startsWith("#")) {
                inRules = false;
            } else if (inRules && lines[i].startsWith("- ")) {
                int end = i + 1;
                while (end < lines.length && lines[end].startsWith("  ")) {
                    end++;
                }
                spans.add(new int[] {i, end});
            }
        }
        return spans;
    }

    /** A CI job's own account: it may impersonate the installer account of its namespace, and nothing else. */
    private RealIdentity ciJob(RealApiServer server, String ns) {
        RealIdentity job = RealIdentities.serviceAccount(server, dir, ns, "ci-job", ns);
        RealIdentities.allow(server, job, ns, List.of(new PolicyRuleBuilder().withApiGroups("")
                .withResources("serviceaccounts").withResourceNames(INSTALLER).withVerbs("impersonate").build()));
        return job;
    }

    private static CliRun asInstaller(RealCluster cluster, RealIdentity job, String... args) {
        List<String> all = new java.util.ArrayList<>(List.of(args));
        all.add("--as");
        all.add("system:serviceaccount:" + cluster.namespace() + ":" + INSTALLER);
        return cluster.runWith(job.kubeconfig(), all.toArray(String[]::new));
    }

    private static void applyInstallerRbac(RealCluster cluster, String bundle, Path liveKubeconfig) {
        apply(cluster.client(), installerRbac(cluster, bundle, liveKubeconfig));
    }

    private static String installerRbac(RealCluster cluster, String bundle, Path liveKubeconfig) {
        CliRun written = liveKubeconfig == null
                ? CliRun.of("plan", bundle, "-n", cluster.namespace(), "--installer-rbac", INSTALLER)
                : cluster.run("plan", bundle, "-n", cluster.namespace(), "--installer-rbac", INSTALLER);
        assertThat(written.exitCode()).as(written.toString()).isZero();
        return written.out();
    }

    /** As a cluster admin applies it: each object created, or replaced when it exists. */
    static void apply(KubernetesClient admin, String yaml) {
        for (HasMetadata object : admin.load(new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8))).items()) {
            admin.resource(object).createOr(existing -> existing.update());
        }
    }
}
