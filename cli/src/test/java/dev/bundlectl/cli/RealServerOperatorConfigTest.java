package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.bundle.yaml.Mappers;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.KubeletStandIn;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The operator's configuration kept across installs in render mode, on a real API server
 * (docs/operator-config.md): an upgrade without {@code --config} keeps the recorded one and the
 * plan says so, and so does each hop of a catalog walk; {@code plan -o diff} with a changed configuration shows only the changed fields;
 * {@code status} shows the configuration in effect; {@code --reset-config} drops it. Each test
 * installs a renamed copy of the sample, so that no other test shares its objects.
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerOperatorConfigTest {

    static final String CONFIG = """
            nodeSelector: {node-role.kubernetes.io/infra: ""}
            tolerations:
            - {key: node-role.kubernetes.io/infra, operator: Exists, effect: NoSchedule}
            resources:
              requests: {cpu: 20m, memory: 128Mi}
              limits: {memory: 512Mi}
            env:
            - {name: LOG_LEVEL, value: debug}
            volumes:
            - name: cluster-ca
              configMap: {name: cluster-ca}
            volumeMounts:
            - {name: cluster-ca, mountPath: /etc/pki/cluster, readOnly: true}
            annotations:
              example.com/owner: platform
            """;

    @TempDir
    Path dir;

    @Test
    void anUpgradeWithoutConfigKeepsTheRecordedOneAndThePlanSaysSo(RealApiServer server) throws IOException {
        RealCluster cluster = RealCluster.in(server, "cfg-upgrade");
        String ns = cluster.namespace();
        Path v030 = SampleCopies.renamed("samples/bundles/cachebox-operator-v0.3.0", dir.resolve("v030"), "cfgup");
        Path v040 = SampleCopies.renamed("samples/bundles/cachebox-operator-v0.4.0", dir.resolve("v040"), "cfgup");
        CliRun first = cluster.run("install", v030.toString(), "-n", ns, "--config", config(CONFIG).toString());
        assertThat(first.exitCode()).as(first.toString()).isZero();
        assertConfigured(deployment(cluster, "cfgup-operator"));

        CliRun upgrade = cluster.run("install", v040.toString(), "-n", ns, "-o", "json");

        assertThat(upgrade.exitCode()).as(upgrade.toString()).isZero();
        JsonNode condition = condition(RealCluster.json(upgrade), "OperatorConfig");
        assertThat(condition.path("reason").asText()).isEqualTo("Recorded");
        assertThat(condition.path("message").asText()).startsWith("none given, so the one install record " + ns + "/")
                .contains("kept is in effect (--reset-config drops it): the operator's Deployments get nodeSelector (1), "
                        + "tolerations (1), resources, env (1), volumes (1), volumeMounts (1), annotations (1)");
        Deployment upgraded = deployment(cluster, "cfgup-operator");
        assertThat(upgraded.getSpec().getTemplate().getSpec().getContainers().get(0).getImage()).endsWith(":v0.4.0");
        assertConfigured(upgraded);
    }

    @Test
    void aCatalogWalkKeepsTheRecordedOneAtEveryHop(RealApiServer server) throws IOException {
        RealCluster cluster = RealCluster.in(server, "cfg-walk");
        String ns = cluster.namespace();
        Path catalog = RealServerCatalogUpgradeTest.replacesOnlyCatalog(dir, "cfgwalk");
        CliRun first = cluster.run("install", dir.resolve("v030").toString(), "-n", ns, "--config",
                config(CONFIG).toString());
        assertThat(first.exitCode()).as(first.toString()).isZero();

        CliRun walk;
        try (KubeletStandIn.Background v031 = KubeletStandIn.of(server).start(ns, "cfgwalk-operator.v0.3.1");
                KubeletStandIn.Background v040 = KubeletStandIn.of(server).start(ns, "cfgwalk-operator.v0.4.0")) {
            walk = cluster.run("install", "--catalog", catalog.toString(), "--package", "cfgwalk-operator", "-n", ns,
                    "--wait", "--wait-timeout", "60s");
        }

        assertThat(walk.exitCode()).as(walk.toString()).isZero();
        assertThat(walk.err()).contains("hop 2 of 2: cfgwalk-operator.v0.4.0");
        Deployment walked = deployment(cluster, "cfgwalk-operator");
        assertThat(walked.getSpec().getTemplate().getSpec().getContainers().get(0).getImage()).endsWith(":v0.4.0");
        assertConfigured(walked);
    }

    @Test
    void aDependencyChainConfiguresTheNamedOperatorAloneAsASubscriptionDoes(RealApiServer server) throws IOException {
        RealCluster cluster = RealCluster.in(server, "cfg-chain");
        String ns = cluster.namespace();
        Path base = RealServerDependenciesTest.copy(dir.resolve("base"), "cfgbase", null, null);
        Path app = RealServerDependenciesTest.copy(dir.resolve("app"), "cfgapp", "cfgbase-operator", ">=0.3.0");
        Path catalog = RealServerDependenciesTest.catalog(dir.resolve("catalog"),
                RealServerDependenciesTest.entry("cfgapp", app, "cfgbase-operator", ">=0.3.0"),
                RealServerDependenciesTest.entry("cfgbase", base, null, null));

        CliRun install = cluster.run("install", "--catalog", catalog.toString(), "--package", "cfgapp-operator", "-n",
                ns, "--config", config(CONFIG).toString());

        assertThat(install.exitCode()).as(install.toString()).isZero();
        assertThat(install.err()).contains("installing 2 bundles in order: cfgbase-operator.v0.3.1, "
                + "cfgapp-operator.v0.3.1");
        assertConfigured(deployment(cluster, "cfgapp-operator"));
        Deployment dependency = deployment(cluster, "cfgbase-operator");
        assertThat(dependency.getSpec().getTemplate().getSpec().getNodeSelector()).as("the dependency's own").isNullOrEmpty();
        assertThat(dependency.getSpec().getTemplate().getSpec().getContainers().get(0).getEnv()).isNullOrEmpty();
    }

    @Test
    void aChangedConfigShowsOnlyTheChangedFieldsInPlanDiff(RealApiServer server) throws IOException {
        RealCluster cluster = RealCluster.in(server, "cfg-diff");
        String ns = cluster.namespace();
        Path bundle = SampleCopies.renamed(dir.resolve("bundle"), "cfgdiff");
        CliRun installed = cluster.run("install", bundle.toString(), "-n", ns, "--config", config(CONFIG).toString());
        assertThat(installed.exitCode()).as(installed.toString()).isZero();
        Path changed = config(CONFIG.replace("memory: 512Mi", "memory: 1Gi").replace("value: debug", "value: info"));

        CliRun diff = cluster.run("plan", bundle.toString(), "-n", ns, "--config", changed.toString(), "-o", "diff");

        assertThat(diff.exitCode()).as(diff.toString()).isZero();
        // The owner mark holds the digest of the object as applied, so it changes with any field.
        List<String> changes = changedLines(diff.out()).stream().filter(line -> !line.contains(".owners.bundlectl.dev/"))
                .toList();
        assertThat(changes).as(diff.out()).containsExactlyInAnyOrder(
                "-            memory: 512Mi", "+            memory: 1Gi", "-          value: debug", "+          value: info");
        assertThat(diff.out()).as("one object changes").containsOnlyOnce("--- ");
        assertThat(diff.out()).contains("apps.v1.Deployment." + ns + ".cfgdiff-operator");

        CliRun same = cluster.run("plan", bundle.toString(), "-n", ns, "-o", "diff");
        assertThat(changedLines(same.out())).as("without --config the recorded one is kept: " + same.out()).isEmpty();
    }

    @Test
    void statusShowsTheConfigInEffectAndResetConfigDropsIt(RealApiServer server) throws IOException {
        RealCluster cluster = RealCluster.in(server, "cfg-reset");
        String ns = cluster.namespace();
        Path bundle = SampleCopies.renamed(dir.resolve("bundle"), "cfgreset");
        CliRun installed = cluster.run("install", bundle.toString(), "-n", ns, "--config", config(CONFIG).toString());
        assertThat(installed.exitCode()).as(installed.toString()).isZero();

        CliRun status = cluster.run("status", "-n", ns, record(installed, ns));
        assertThat(status.exitCode()).as(status.toString()).isZero();
        assertThat(status.out()).contains("Config:     nodeSelector (1), tolerations (1), resources, env (1), volumes (1), "
                + "volumeMounts (1), annotations (1) (later installs keep it; --config replaces it, --reset-config drops it)")
                .contains("            env: [{\"name\":\"LOG_LEVEL\",\"value\":\"debug\"}]");

        CliRun reset = cluster.run("install", bundle.toString(), "-n", ns, "--reset-config", "-o", "json");

        assertThat(reset.exitCode()).as(reset.toString()).isZero();
        assertThat(condition(RealCluster.json(reset), "OperatorConfig").path("reason").asText()).isEqualTo("Reset");
        Deployment plain = deployment(cluster, "cfgreset-operator");
        assertThat(plain.getSpec().getTemplate().getSpec().getNodeSelector()).isNullOrEmpty();
        assertThat(plain.getSpec().getTemplate().getSpec().getTolerations()).isNullOrEmpty();
        assertThat(plain.getSpec().getTemplate().getSpec().getContainers().get(0).getEnv()).isNullOrEmpty();
        assertThat(plain.getSpec().getTemplate().getSpec().getContainers().get(0).getResources().getLimits()
                .get("memory").toString()).isEqualTo("256Mi");
        CliRun after = cluster.run("status", "-n", ns, record(reset, ns));
        assertThat(after.out()).doesNotContain("Config:");
        CliRun again = cluster.run("install", bundle.toString(), "-n", ns, "-o", "json");
        assertThat(RealCluster.json(again).path("status").path("conditions").toString())
                .as("nothing recorded, nothing kept").doesNotContain("OperatorConfig");
    }

    @Test
    void aReviewedPlanIsAppliedWithTheConfigurationItWasMadeWith(
            @RealApiServerExtension.Served(RealApiServer.Flavour.OLM) RealApiServer server) throws IOException {
        RealCluster cluster = RealCluster.in(server, "cfg-reviewed");
        String ns = cluster.namespace();
        Path bundle = SampleCopies.renamed(dir.resolve("bundle"), "cfgrev");
        CliRun plan = CliRun.of("plan", bundle.toString(), "-n", ns, "--csv-mode", "render", "--config",
                config(CONFIG).toString(), "-o", "yaml");
        assertThat(plan.exitCode()).as(plan.toString()).isZero();
        Path file = Files.writeString(dir.resolve("plan.yaml"), plan.out());

        CliRun install = cluster.run("install", "--plan-file", file.toString(), "-n", ns);

        assertThat(install.exitCode()).as(install.toString()).isZero();
        assertConfigured(deployment(cluster, "cfgrev-operator"));
        CliRun again = cluster.run("install", bundle.toString(), "-n", ns, "--csv-mode", "render", "-o", "json");
        assertThat(condition(RealCluster.json(again), "OperatorConfig").path("reason").asText())
                .as("the reviewed plan's install recorded it").isEqualTo("Recorded");
    }

    /** Each field of {@link #CONFIG} on the Deployment the cluster holds. */
    static void assertConfigured(Deployment deployment) {
        var pod = deployment.getSpec().getTemplate().getSpec();
        var manager = pod.getContainers().get(0);
        assertThat(pod.getNodeSelector()).containsEntry("node-role.kubernetes.io/infra", "");
        assertThat(pod.getTolerations()).anySatisfy(toleration -> {
            assertThat(toleration.getKey()).isEqualTo("node-role.kubernetes.io/infra");
            assertThat(toleration.getOperator()).isEqualTo("Exists");
            assertThat(toleration.getEffect()).isEqualTo("NoSchedule");
        });
        assertThat(manager.getResources().getLimits().get("memory").toString()).isEqualTo("512Mi");
        assertThat(manager.getEnv()).anySatisfy(env -> {
            assertThat(env.getName()).isEqualTo("LOG_LEVEL");
            assertThat(env.getValue()).isEqualTo("debug");
        });
        assertThat(pod.getVolumes()).anySatisfy(volume -> {
            assertThat(volume.getName()).isEqualTo("cluster-ca");
            assertThat(volume.getConfigMap().getName()).isEqualTo("cluster-ca");
        });
        assertThat(manager.getVolumeMounts()).anySatisfy(mount -> {
            assertThat(mount.getName()).isEqualTo("cluster-ca");
            assertThat(mount.getMountPath()).isEqualTo("/etc/pki/cluster");
        });
        assertThat(deployment.getSpec().getTemplate().getMetadata().getAnnotations())
                .containsEntry("example.com/owner", "platform");
    }

    static Deployment deployment(RealCluster cluster, String name) {
        Deployment deployment = cluster.client().apps().deployments().inNamespace(cluster.namespace()).withName(name).get();
        assertThat(deployment).as("Deployment " + name).isNotNull();
        return deployment;
    }

    static JsonNode condition(JsonNode plan, String type) {
        for (JsonNode condition : plan.path("status").path("conditions")) {
            if (condition.path("type").asText().equals(type)) {
                return condition;
            }
        }
        throw new AssertionError("no " + type + " condition in " + plan.path("status").path("conditions"));
    }

    /** The name of the install record a run wrote, from its JSON plan's annotation. */
    private static String record(CliRun run, String ns) {
        String err = run.err();
        String name = err.replaceAll("(?s).*install record: " + ns + "/(\\S+).*", "$1");
        assertThat(name).as(err).doesNotContain("\n");
        return name;
    }

    /** The changed lines of a unified diff, without its file headers. */
    private static List<String> changedLines(String diff) {
        List<String> lines = new ArrayList<>();
        for (String line : diff.split("\n")) {
            if ((line.startsWith("+") || line.startsWith("-")) && !line.startsWith("+++") && !line.startsWith("---")) {
                lines.add(line);
            }
        }
        return lines;
    }

    private Path config(String yaml) throws IOException {
        return Files.writeString(Files.createTempFile(dir, "config", ".yaml"), yaml);
    }

    static JsonNode yaml(String text) throws IOException {
        return Mappers.yaml().readTree(text);
    }
}
