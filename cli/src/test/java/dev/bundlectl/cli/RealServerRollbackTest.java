package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.executor.testing.KubeletStandIn;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bundlectl rollback} on the real API server in render mode (docs/semantics.md §9,
 * "Rollbacks"): the sample 0.3.1 upgraded to 0.4.0 goes back to 0.3.1, from the directory its install
 * record names, after showing the plan, the rollback checks and the diff (and {@code --dry-run}
 * stops there); what 0.4.0 dropped comes back, and a custom resource made under 0.4.0 stays. A 0.4.0
 * whose CRD adds a storage version, or widens a field so that a live resource no longer fits the
 * older schema, is refused with nothing written, naming the version, or the resource and the field.
 * A source that is gone is refused. The refusals are decided before any write, so render mode shows
 * them as OLM mode would ({@code RealServerOlmRollbackTest} rolls back under the real olm-operator).
 * {@link KubeletStandIn} marks the rendered Deployments rolled out, the one simulated part; each test
 * installs its own renamed copy of the sample, so that no other test shares its CRD.
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerRollbackTest {

    @Test
    void showsThePlanAndDiffThenGoesBackKeepingTheCustomResourcesMadeUnderTheNewerVersion(RealApiServer server,
            @TempDir Path dir) {
        RealCluster cluster = RealCluster.in(server, "rollback");
        String ns = cluster.namespace();
        Path v031 = RollbackBundles.version("samples/bundles/cachebox-operator", dir.resolve("v031"), "rbok");
        Path v040 = RollbackBundles.version("samples/bundles/cachebox-operator-v0.4.0", dir.resolve("v040"), "rbok");
        assertThat(cluster.run("install", v031.toString(), "-n", ns).exitCode()).isZero();
        CliRun upgrade;
        try (KubeletStandIn.Background kubelet = KubeletStandIn.of(server).start(ns, "rbok-operator.v0.4.0")) {
            upgrade = cluster.run("install", v040.toString(), "-n", ns, "--wait", "--wait-timeout", "60s");
        }
        assertThat(upgrade.exitCode()).as(upgrade.toString()).isZero();
        assertThat(cluster.client().configMaps().inNamespace(ns).withName("rbok-defaults").get())
                .as("dropped by 0.4.0").isNull();
        GenericKubernetesResource made = server.create(RollbackBundles.cache("rbok", "v1alpha1", ns, "made-under-040", 7));
        Map<String, String> before = resourceVersions(cluster);

        CliRun dryRun = cluster.run("rollback", "--package", "rbok-operator", "-n", ns, "--dry-run");

        assertThat(dryRun.exitCode()).as(dryRun.toString()).isZero();
        assertThat(dryRun.err()).contains("rolling back rbok-operator in namespace " + ns + " from 0.4.0 to 0.3.1, from "
                        + v031)
                .contains("rollback checks passed: cachebackups.rbok.bundlectl.dev: keeps stored version v1alpha1; "
                        + "its schemas do not change; caches.rbok.bundlectl.dev: keeps stored version v1alpha1; its "
                        + "schemas do not change")
                .contains("diff: ");
        assertThat(dryRun.out()).contains("Rollback from rbok-operator.v0.4.0 (0.4.0) to rbok-operator.v0.3.1 (0.3.1), a lower version")
                .contains("--- live/apps.v1.Deployment." + ns + ".rbok-operator")
                .contains("+        image: quay.io/bundlectl-samples/rbok-operator:v0.3.1")
                .contains("+++ planned/v1.ConfigMap." + ns + ".rbok-defaults");
        assertThat(resourceVersions(cluster)).as("--dry-run writes nothing").isEqualTo(before);

        CliRun back;
        try (KubeletStandIn.Background kubelet = KubeletStandIn.of(server).start(ns, "rbok-operator.v0.3.1")) {
            back = cluster.run("rollback", "--package", "rbok-operator", "-n", ns, "--wait", "--wait-timeout", "60s");
        }

        assertThat(back.exitCode()).as(back.toString()).isZero();
        assertThat(cluster.client().apps().deployments().inNamespace(ns).withName("rbok-operator").get().getSpec()
                .getTemplate().getSpec().getContainers().get(0).getImage())
                .isEqualTo("quay.io/bundlectl-samples/rbok-operator:v0.3.1");
        assertThat(cluster.client().configMaps().inNamespace(ns).withName("rbok-defaults").get())
                .as("0.3.1 ships it again").isNotNull();
        GenericKubernetesResource kept = cluster.get("rbok.bundlectl.dev/v1alpha1", "Cache", "caches", "made-under-040");
        assertThat(kept.getMetadata().getUid()).as("the custom resource made under 0.4.0").isEqualTo(
                made.getMetadata().getUid());
        assertThat(kept.getAdditionalProperties().get("spec")).isEqualTo(Map.of("size", 7));
        CliRun status = cluster.run("status", "-n", ns);
        assertThat(status.out()).contains("(rollback)");
        String record = back.err().replaceAll("(?s).*install record: " + ns + "/(\\S+) .*", "$1");
        CliRun one = cluster.run("status", "-n", ns, record);
        assertThat(one.out()).as(one.toString())
                .contains("Versions:   0.3.1 (Complete) -> 0.4.0 (Complete) -> 0.3.1 (Complete, rolled back from 0.4.0)");
    }

    @Test
    void aRollbackWhoseOlderCrdLacksAStoredVersionIsRefusedWithNothingWritten(RealApiServer server, @TempDir Path dir) {
        RealCluster cluster = RealCluster.in(server, "rollback-stored");
        String ns = cluster.namespace();
        Path v031 = RollbackBundles.version("samples/bundles/cachebox-operator", dir.resolve("v031"), "rbstore");
        Path v040 = RollbackBundles.withCacheCrd(
                RollbackBundles.version("samples/bundles/cachebox-operator-v0.4.0", dir.resolve("v040"), "rbstore"),
                "caches-v1beta1-storage.yaml", "rbstore");
        assertThat(cluster.run("install", v031.toString(), "-n", ns).exitCode()).isZero();
        CliRun upgrade = cluster.run("install", v040.toString(), "-n", ns);
        assertThat(upgrade.exitCode()).as(upgrade.toString()).isZero();
        server.create(RollbackBundles.cache("rbstore", "v1beta1", ns, "stored-in-v1beta1", 3));
        Map<String, String> before = resourceVersions(cluster);
        String crdVersion = crdResourceVersion(cluster, "caches.rbstore.bundlectl.dev");

        CliRun refused = cluster.run("rollback", "--package", "rbstore-operator", "-n", ns);

        assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(ExitCode.PLAN_FAILED);
        assertThat(refused.err()).contains("error: cannot roll back rbstore-operator from rbstore-operator.v0.4.0 (0.4.0) "
                        + "to rbstore-operator.v0.3.1 (0.3.1): CustomResourceDefinition caches.rbstore.bundlectl.dev: the "
                        + "cluster has objects stored in version v1beta1 (status.storedVersions [v1alpha1, v1beta1]), "
                        + "which the older CRD does not have (its versions: v1alpha1)")
                .contains("nothing was applied");
        assertThat(resourceVersions(cluster)).as("nothing written").isEqualTo(before);
        assertThat(crdResourceVersion(cluster, "caches.rbstore.bundlectl.dev")).isEqualTo(crdVersion);
    }

    @Test
    void aRollbackWhereALiveResourceFailsTheOlderSchemaIsRefusedNamingItAndTheField(RealApiServer server,
            @TempDir Path dir) {
        RealCluster cluster = RealCluster.in(server, "rollback-schema");
        String ns = cluster.namespace();
        Path v031 = RollbackBundles.version("samples/bundles/cachebox-operator", dir.resolve("v031"), "rbschema");
        Path v040 = RollbackBundles.withCacheCrd(
                RollbackBundles.version("samples/bundles/cachebox-operator-v0.4.0", dir.resolve("v040"), "rbschema"),
                "caches-wider-size.yaml", "rbschema");
        assertThat(cluster.run("install", v031.toString(), "-n", ns).exitCode()).isZero();
        assertThat(cluster.run("install", v040.toString(), "-n", ns).exitCode()).isZero();
        server.create(RollbackBundles.cache("rbschema", "v1alpha1", ns, "small", 5));
        server.create(RollbackBundles.cache("rbschema", "v1alpha1", ns, "big", 50));
        Map<String, String> before = resourceVersions(cluster);

        CliRun refused = cluster.run("rollback", "--package", "rbschema-operator", "-n", ns);

        assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(ExitCode.PLAN_FAILED);
        assertThat(refused.err()).contains("cannot roll back rbschema-operator from rbschema-operator.v0.4.0 (0.4.0) to "
                        + "rbschema-operator.v0.3.1 (0.3.1): CustomResourceDefinition caches.rbschema.bundlectl.dev: error "
                        + "validating custom resource against the older schema of v1alpha1 for Cache " + ns + "/big: "
                        + "[spec.size: Invalid value: 50: spec.size in body should be less than or equal to 9]")
                .doesNotContain(ns + "/small");
        assertThat(resourceVersions(cluster)).as("nothing written").isEqualTo(before);
    }

    @Test
    void aSourceThatIsGoneIsRefusedNamingIt(RealApiServer server, @TempDir Path dir) throws Exception {
        RealCluster cluster = RealCluster.in(server, "rollback-gone");
        String ns = cluster.namespace();
        Path v031 = RollbackBundles.version("samples/bundles/cachebox-operator", dir.resolve("v031"), "rbgone");
        Path v040 = RollbackBundles.version("samples/bundles/cachebox-operator-v0.4.0", dir.resolve("v040"), "rbgone");
        assertThat(cluster.run("install", v031.toString(), "-n", ns).exitCode()).isZero();
        assertThat(cluster.run("install", v040.toString(), "-n", ns).exitCode()).isZero();
        // The directory 0.3.1 was installed from now holds 0.4.0.
        RollbackBundles.delete(v031);
        RollbackBundles.version("samples/bundles/cachebox-operator-v0.4.0", v031, "rbgone");
        Map<String, String> before = resourceVersions(cluster);

        CliRun changed = cluster.run("rollback", "--package", "rbgone-operator", "-n", ns);

        assertThat(changed.exitCode()).as(changed.toString()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(changed.err()).contains("error: the source of rbgone-operator 0.3.1 is gone: " + v031
                + " now holds rbgone-operator.v0.4.0 (0.4.0), not the recorded rbgone-operator.v0.3.1 (0.3.1)");

        RollbackBundles.delete(v031);
        CliRun missing = cluster.run("rollback", "--package", "rbgone-operator", "-n", ns);

        assertThat(missing.exitCode()).as(missing.toString()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(missing.err()).contains("error: the source of rbgone-operator 0.3.1 is gone: it was installed from the "
                + "directory " + v031 + ", which is not there");
        CliRun noSuch = cluster.run("rollback", "--package", "rbgone-operator", "-n", ns, "--to", "0.2.0");
        assertThat(noSuch.exitCode()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(noSuch.err()).contains("--to 0.2.0: no such version in the history of rbgone-operator in namespace "
                + ns + " (its history: 0.3.1 (Complete) -> 0.4.0 (Complete))");
        assertThat(resourceVersions(cluster)).as("nothing written").isEqualTo(before);
    }

    /** {@code Kind/name} to resourceVersion of what the installs wrote in the namespace, and their records. */
    private static Map<String, String> resourceVersions(RealCluster cluster) {
        Map<String, String> versions = new TreeMap<>();
        String ns = cluster.namespace();
        cluster.client().apps().deployments().inNamespace(ns).list().getItems().forEach(o -> put(versions, "Deployment", o));
        cluster.client().configMaps().inNamespace(ns).list().getItems().forEach(o -> put(versions, "ConfigMap", o));
        cluster.client().secrets().inNamespace(ns).list().getItems().forEach(o -> put(versions, "Secret", o));
        cluster.client().services().inNamespace(ns).list().getItems().forEach(o -> put(versions, "Service", o));
        cluster.client().rbac().roles().inNamespace(ns).list().getItems().forEach(o -> put(versions, "Role", o));
        cluster.client().serviceAccounts().inNamespace(ns).list().getItems().forEach(o -> put(versions, "ServiceAccount", o));
        return versions;
    }

    private static void put(Map<String, String> versions, String kind, HasMetadata object) {
        versions.put(kind + "/" + object.getMetadata().getName(), object.getMetadata().getResourceVersion());
    }

    private static String crdResourceVersion(RealCluster cluster, String name) {
        return cluster.client().apiextensions().v1().customResourceDefinitions().withName(name).get().getMetadata()
                .getResourceVersion();
    }
}
