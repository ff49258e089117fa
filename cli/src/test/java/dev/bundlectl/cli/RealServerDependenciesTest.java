package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.executor.testing.RealApiServerExtension.Served;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bundle dependencies on a real API server: an unmet one refused before anything is written, one
 * met by an earlier install, an API met by what the server serves, --ignore-dependencies, and a
 * file-based catalog whose dependency chain is installed in order, each bundle its own install.
 * The bundles are copies of the sample under other package names: "base" is what "app" needs.
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerDependenciesTest {

    private static final ResourceDefinitionContext CSVS = new ResourceDefinitionContext.Builder()
            .withGroup("operators.coreos.com").withVersion("v1alpha1").withKind("ClusterServiceVersion")
            .withPlural("clusterserviceversions").withNamespaced(true).build();

    @Test
    void anUnmetPackageIsRefusedBeforeAnythingIsWritten(@Served(RealApiServer.Flavour.OLM) RealApiServer server,
            @TempDir Path dir) throws IOException {
        RealCluster cluster = RealCluster.in(server, "dep-unmet");
        Path app = copy(dir.resolve("app"), "app", "base-operator", "0.3.x");

        CliRun install = cluster.run("install", app.toString(), "-n", cluster.namespace());

        assertThat(install.exitCode()).as(install.toString()).isEqualTo(3);
        assertThat(install.err()).contains("nothing was applied").contains("DependenciesNotMet")
                .contains("package base-operator 0.3.x");
        assertThat(install.out()).containsPattern("package base-operator 0.3.x\\s+Unsatisfied\\s+not installed in "
                + "namespace " + cluster.namespace());
        assertThat(csvs(server, cluster)).isZero();
    }

    @Test
    void aPackageInstalledEarlierMeetsTheDependency(@Served(RealApiServer.Flavour.OLM) RealApiServer server,
            @TempDir Path dir) throws IOException {
        RealCluster cluster = RealCluster.in(server, "dep-met");
        Path base = copy(dir.resolve("base"), "base", null, null);
        Path app = copy(dir.resolve("app"), "app", "base-operator", ">=0.3.0 <0.4.0");

        CliRun first = cluster.run("install", base.toString(), "-n", cluster.namespace());
        assertThat(first.exitCode()).as(first.toString()).isZero();
        CliRun second = cluster.run("install", app.toString(), "-n", cluster.namespace(), "-o", "yaml");

        assertThat(second.exitCode()).as(second.toString()).isZero();
        assertThat(second.out()).contains("status: Satisfied").contains("message: \"installed: install record "
                + cluster.namespace() + "/");
        assertThat(csvs(server, cluster)).isEqualTo(2);

        // Both joined the namespace's one OperatorGroup: it goes with the last of them, not the first.
        String ns = cluster.namespace();
        CliRun baseGone = cluster.run("uninstall", "--package", "base-operator", "-n", ns);
        assertThat(baseGone.exitCode()).as(baseGone.toString()).isZero();
        assertThat(baseGone.out()).containsPattern("Released OperatorGroup/" + ns + "/" + ns);
        assertThat(cluster.get("operators.coreos.com/v1", "OperatorGroup", "operatorgroups", ns)).isNotNull();
        CliRun appGone = cluster.run("uninstall", "--package", "app-operator", "-n", ns);
        assertThat(appGone.exitCode()).as(appGone.toString()).isZero();
        assertThat(cluster.get("operators.coreos.com/v1", "OperatorGroup", "operatorgroups", ns)).isNull();
        assertThat(csvs(server, cluster)).isZero();
    }

    @Test
    void aRangeThatExcludesTheInstalledVersionIsRefused(@Served(RealApiServer.Flavour.OLM) RealApiServer server,
            @TempDir Path dir) throws IOException {
        RealCluster cluster = RealCluster.in(server, "dep-range");
        Path base = copy(dir.resolve("base"), "base", null, null);
        Path app = copy(dir.resolve("app"), "app", "base-operator", ">=0.4.0");
        assertThat(cluster.run("install", base.toString(), "-n", cluster.namespace()).exitCode()).isZero();

        CliRun install = cluster.run("install", app.toString(), "-n", cluster.namespace());

        assertThat(install.exitCode()).as(install.toString()).isEqualTo(3);
        assertThat(install.err()).contains("has 0.3.1, outside >=0.4.0");
        assertThat(csvs(server, cluster)).isEqualTo(1);
    }

    @Test
    void anApiDependencyIsJudgedByWhatTheServerServes(@Served(RealApiServer.Flavour.OLM) RealApiServer server,
            @TempDir Path dir) throws IOException {
        RealCluster cluster = RealCluster.in(server, "dep-gvk");
        Path served = copy(dir.resolve("served"), "app", null, null);
        gvkDependency(served, "operators.coreos.com", "v1", "OperatorGroup");
        Path unserved = copy(dir.resolve("unserved"), "app", null, null);
        gvkDependency(unserved, "kafka.strimzi.io", "v1beta2", "Kafka");

        CliRun refused = cluster.run("install", unserved.toString(), "-n", cluster.namespace());
        assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(3);
        assertThat(refused.err()).contains("API kafka.strimzi.io/v1beta2 Kafka (not served by the cluster)");
        CliRun installed = cluster.run("install", served.toString(), "-n", cluster.namespace());
        assertThat(installed.exitCode()).as(installed.toString()).isZero();
    }

    @Test
    void ignoredDependenciesInstallWithAWarningAndAreRecorded(@Served(RealApiServer.Flavour.OLM) RealApiServer server,
            @TempDir Path dir) throws IOException {
        RealCluster cluster = RealCluster.in(server, "dep-ignore");
        Path app = copy(dir.resolve("app"), "app", "base-operator", "0.3.x");

        CliRun install = cluster.run("install", app.toString(), "-n", cluster.namespace(), "--ignore-dependencies",
                "-o", "yaml");

        assertThat(install.exitCode()).as(install.toString()).isZero();
        assertThat(install.err()).contains("warning: ").contains("--ignore-dependencies: the operator may not work "
                + "without package base-operator 0.3.x");
        assertThat(install.out()).contains("bundlectl.dev/ignore-dependencies: \"true\"").contains("reason: Ignored");
    }

    @Test
    void aCatalogChainIsInstalledInOrderEachItsOwnInstall(@Served(RealApiServer.Flavour.OLM) RealApiServer server,
            @TempDir Path dir) throws IOException {
        RealCluster cluster = RealCluster.in(server, "dep-chain");
        Path base = copy(dir.resolve("base"), "base", null, null);
        Path middle = copy(dir.resolve("middle"), "middle", "base-operator", "0.3.1");
        Path app = copy(dir.resolve("app"), "app", "middle-operator", ">=0.3.0");
        Path catalog = catalog(dir.resolve("catalog"), entry("app", app, "middle-operator", ">=0.3.0"),
                entry("middle", middle, "base-operator", "0.3.1"), entry("base", base, null, null));

        CliRun plan = cluster.run("plan", "--catalog", catalog.toString(), "--package", "app-operator", "-n",
                cluster.namespace());
        assertThat(plan.exitCode()).as(plan.toString()).isZero();
        assertThat(plan.err()).contains("dependencies resolved, in install order: base-operator.v0.3.1 -> "
                + "middle-operator.v0.3.1 -> app-operator.v0.3.1");
        assertThat(plan.out()).contains("bundle 1 of 3: base-operator.v0.3.1 (a dependency)")
                .contains("bundle 3 of 3: app-operator.v0.3.1");

        CliRun install = cluster.run("install", "--catalog", catalog.toString(), "--package", "app-operator", "-n",
                cluster.namespace());
        assertThat(install.exitCode()).as(install.toString()).isZero();
        assertThat(install.err()).contains("installing 3 bundles in order: base-operator.v0.3.1, "
                + "middle-operator.v0.3.1, app-operator.v0.3.1");
        assertThat(csvs(server, cluster)).isEqualTo(3);
        CliRun status = cluster.run("status", "-n", cluster.namespace());
        assertThat(status.out()).contains("base-operator").contains("middle-operator").contains("app-operator");

        // Everything is installed now: a re-run resolves nothing more and installs the app alone.
        CliRun again = cluster.run("install", "--catalog", catalog.toString(), "--package", "app-operator", "-n",
                cluster.namespace());
        assertThat(again.exitCode()).as(again.toString()).isZero();
        assertThat(again.err()).doesNotContain("installing 3 bundles");
    }

    @Test
    void aCatalogCycleOrAnExcludingRangeIsRefusedNamingTheChain(@Served(RealApiServer.Flavour.OLM) RealApiServer server,
            @TempDir Path dir) throws IOException {
        RealCluster cluster = RealCluster.in(server, "dep-cycle");
        Path a = copy(dir.resolve("a"), "a", "b-operator", "0.3.x");
        Path b = copy(dir.resolve("b"), "b", "a-operator", "0.3.x");
        Path cycle = catalog(dir.resolve("cycle"), entry("a", a, "b-operator", "0.3.x"),
                entry("b", b, "a-operator", "0.3.x"));
        CliRun refused = cluster.run("install", "--catalog", cycle.toString(), "--package", "a-operator", "-n",
                cluster.namespace());
        assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(2);
        assertThat(refused.err()).contains("dependency cycle: a-operator.v0.3.1 -> b-operator.v0.3.1 needs package "
                + "a-operator 0.3.x");

        Path range = catalog(dir.resolve("range"), entry("a", a, "b-operator", ">=1.0.0"), entry("b", b, null, null));
        CliRun excluded = cluster.run("install", "--catalog", range.toString(), "--package", "a-operator", "-n",
                cluster.namespace());
        assertThat(excluded.exitCode()).as(excluded.toString()).isEqualTo(2);
        assertThat(excluded.err()).contains("the catalog's versions of it (0.3.1) are all outside >=1.0.0");
        assertThat(csvs(server, cluster)).isZero();
    }

    /**
     * The sample as package {@code <name>-operator}, CSV {@code <name>-operator.v0.3.1}, needing
     * {@code needs} if given. Its objects and CRDs are renamed too ({@link SampleCopies#renamed}):
     * another package that shipped the sample's objects would be refused as their owner's rival.
     */
    static Path copy(Path target, String name, String needs, String range) throws IOException {
        Path bundle = SampleCopies.renamed(target, name);
        if (needs != null) {
            Files.writeString(bundle.resolve("metadata/dependencies.yaml"), """
                    dependencies:
                      - type: olm.package
                        value:
                          packageName: %s
                          version: "%s"
                    """.formatted(needs, range));
        }
        return bundle;
    }

    private static void gvkDependency(Path bundle, String group, String version, String kind) throws IOException {
        Files.writeString(bundle.resolve("metadata/dependencies.yaml"), """
                dependencies:
                  - type: olm.gvk
                    value: {group: %s, version: %s, kind: %s}
                """.formatted(group, version, kind));
    }

    static String entry(String name, Path bundle, String needs, String range) {
        return entry(name, bundle.toString(), needs, range);
    }

    /** A catalog entry whose bundle image is {@code image} (a directory or an image reference). */
    static String entry(String name, String image, String needs, String range) {
        String pkg = name + "-operator";
        String required = needs == null ? "" : ",{\"type\":\"olm.package.required\",\"value\":{\"packageName\":\""
                + needs + "\",\"versionRange\":\"" + range + "\"}}";
        return "{\"schema\":\"olm.package\",\"name\":\"" + pkg + "\",\"defaultChannel\":\"stable\"}\n"
                + "{\"schema\":\"olm.channel\",\"package\":\"" + pkg + "\",\"name\":\"stable\",\"entries\":[{\"name\":\""
                + pkg + ".v0.3.1\"}]}\n"
                + "{\"schema\":\"olm.bundle\",\"name\":\"" + pkg + ".v0.3.1\",\"package\":\"" + pkg + "\",\"image\":\""
                + image + "\",\"properties\":[{\"type\":\"olm.package\",\"value\":{\"packageName\":\"" + pkg
                + "\",\"version\":\"0.3.1\"}}" + required + "]}\n";
    }

    static Path catalog(Path dir, String... entries) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("catalog.json"), String.join("", entries));
        return dir;
    }

    private static int csvs(RealApiServer server, RealCluster cluster) {
        return server.client().genericKubernetesResources(CSVS).inNamespace(cluster.namespace()).list().getItems()
                .size();
    }
}
