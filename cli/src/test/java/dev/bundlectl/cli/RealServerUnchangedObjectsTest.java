package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.executor.testing.RealApiServerExtension.Served;
import io.fabric8.kubernetes.api.model.ConfigMap;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A re-run on a real kube-apiserver leaves out the applies that would change nothing: an object
 * the preflight finds with the {@code resourceVersion} the last install's apply left, and whose body
 * is the same, is reported unchanged and not sent. Anything written since, by anyone, and any
 * change in the bundle, is applied again; so is everything when there is no preflight.
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerUnchangedObjectsTest {

    private static final String UNCHANGED = "already existed, unchanged since the last install; not sent again";
    private static final String UPDATED = "already existed; updated";

    @Test
    void aReRunSendsNothingForWhatNobodyChangedAndAppliesWhatSomeoneDid(
            @Served(RealApiServer.Flavour.OLM) RealApiServer server) {
        RealCluster cluster = RealCluster.in(server, "unchanged");
        String ns = cluster.namespace();
        CliRun first = cluster.run("install", RealCluster.sample(), "-n", ns);
        assertThat(first.exitCode()).as(first.toString()).isZero();
        assertThat(first.out()).doesNotContain(UNCHANGED);

        CliRun second = cluster.run("install", RealCluster.sample(), "-n", ns);

        assertThat(second.exitCode()).as(second.toString()).isZero();
        for (String step : new String[] {"ConfigMap\\s+cachebox-defaults\\s+" + ns, "Secret\\s+cachebox-license\\s+" + ns,
                "Service\\s+cachebox-operator-metrics\\s+" + ns, "ClusterRoleBinding\\s+cachebox-metrics-reader\\s+-",
                "ServiceAccount\\s+cachebox-operator\\s+" + ns}) {
            assertThat(second.out()).containsPattern(step + "\\s+no\\s+Present\\s+" + UNCHANGED);
        }
        // A CSV is never updated. (Whether the CRDs are left out already depends on whether this
        // server's CRDs were new to the first run: one it created had its conditions set since.)
        assertThat(second.out()).containsPattern("ClusterServiceVersion\\s+cachebox-operator.v0.3.1\\s+" + ns
                + "\\s+no\\s+Present\\s+already exists; left unchanged");

        // Someone else labels the ConfigMap: a write, so a new resourceVersion.
        cluster.client().configMaps().inNamespace(ns).withName("cachebox-defaults")
                .edit(map -> {
                    map.getMetadata().setLabels(Map.of("team", "cache"));
                    return map;
                });
        CliRun third = cluster.run("install", RealCluster.sample(), "-n", ns);

        assertThat(third.exitCode()).as(third.toString()).isZero();
        assertThat(third.out()).containsPattern("ConfigMap\\s+cachebox-defaults\\s+" + ns + "\\s+no\\s+Present\\s+" + UPDATED);
        assertThat(third.out()).containsPattern("Secret\\s+cachebox-license\\s+" + ns + "\\s+no\\s+Present\\s+" + UNCHANGED);
        assertThat(configMap(cluster, ns).getMetadata().getLabels()).as("another manager's field is kept")
                .containsEntry("team", "cache");

        // By the second run the CRDs were recorded as Established; nothing wrote to them since, so
        // the third neither reads nor sends them.
        for (String crd : new String[] {"caches.cache.bundlectl.dev", "cachebackups.cache.bundlectl.dev"}) {
            assertThat(third.out()).containsPattern("CustomResourceDefinition\\s+" + crd + "\\s+-\\s+no\\s+Present\\s+"
                    + UNCHANGED);
        }

        // The third run recorded what its apply left, so the fourth finds the ConfigMap unchanged
        // again, and everything else as well: it writes nothing but its record, saved once at its
        // end, and its lock, and does not send the CSV's create again after its preflight's met the CSV.
        ServerRequestCounts before = ServerRequestCounts.of(cluster);
        CliRun fourth = cluster.run("install", RealCluster.sample(), "-n", ns);
        ServerRequestCounts sent = ServerRequestCounts.of(cluster).since(before);
        assertThat(fourth.exitCode()).as(fourth.toString()).isZero();
        assertThat(fourth.out()).containsPattern("ConfigMap\\s+cachebox-defaults\\s+" + ns + "\\s+no\\s+Present\\s+" + UNCHANGED);
        assertThat(fourth.out()).containsPattern("ClusterServiceVersion\\s+cachebox-operator.v0.3.1\\s+" + ns
                + "\\s+no\\s+Present\\s+already exists; left unchanged");
        assertThat(sent.count("POST", "clusterserviceversions", true)).as("the preflight's create").isEqualTo(1);
        assertThat(sent.count("POST", "clusterserviceversions", false)).as("no second create").isZero();
        assertThat(sent.count("POST", "secrets", false)).as("the install record, created at the end").isEqualTo(1);
        // The lock (docs/semantics.md §3): read while planning, taken before the record and released after it.
        assertThat(sent.count("GET", "leases", false)).as("the lock, read").isEqualTo(1);
        // Taken and released; a run slowed past the lock's renewal period (a loaded machine) renews it too.
        long leaseWrites = sent.count("PUT", "leases", false);
        assertThat(leaseWrites).as("the lock, taken and released (and renewed while a slow run held it)")
                .isGreaterThanOrEqualTo(2);
        // The install's own requests asked about (§7): the admin is allowed everything, which one review says.
        assertThat(sent.count("POST", "selfsubjectaccessreviews", false)).as("one access review").isEqualTo(1);
        assertThat(sent.writes()).as("no other write: " + sent).isEqualTo(2 + leaseWrites);

        // Someone else labels a CRD: it is read, checked and applied again.
        cluster.client().apiextensions().v1().customResourceDefinitions().withName("caches.cache.bundlectl.dev")
                .edit(crd -> {
                    crd.getMetadata().setLabels(Map.of("team", "cache"));
                    return crd;
                });
        CliRun fifth = cluster.run("install", RealCluster.sample(), "-n", ns);
        assertThat(fifth.out()).containsPattern("CustomResourceDefinition\\s+caches.cache.bundlectl.dev\\s+-\\s+no\\s+"
                + "Present\\s+" + UPDATED + "; Established");
        assertThat(fifth.out()).containsPattern("CustomResourceDefinition\\s+cachebackups.cache.bundlectl.dev\\s+-\\s+no\\s+"
                + "Present\\s+" + UNCHANGED);

        CliRun unchecked = cluster.run("install", RealCluster.sample(), "-n", ns, "--no-preflight");
        assertThat(unchecked.exitCode()).as(unchecked.toString()).isZero();
        assertThat(unchecked.out()).as("without a preflight nothing vouches for the objects").doesNotContain(UNCHANGED)
                .containsPattern("ConfigMap\\s+cachebox-defaults\\s+" + ns + "\\s+no\\s+Present\\s+" + UPDATED);
    }

    @Test
    void aChangedManifestIsAppliedAgain(@Served(RealApiServer.Flavour.OLM) RealApiServer server, @TempDir Path dir)
            throws IOException {
        RealCluster cluster = RealCluster.in(server, "changed");
        String ns = cluster.namespace();
        Path bundle = SampleCopies.plain(dir);
        assertThat(cluster.run("install", bundle.toString(), "-n", ns).exitCode()).isZero();
        assertThat(cluster.run("install", bundle.toString(), "-n", ns).out()).contains(UNCHANGED);

        Path manifest = bundle.resolve("manifests/cachebox-defaults_v1_configmap.yaml");
        Files.writeString(manifest, Files.readString(manifest).replace("256Mi", "512Mi"));
        CliRun changed = cluster.run("install", bundle.toString(), "-n", ns);

        assertThat(changed.exitCode()).as(changed.toString()).isZero();
        assertThat(changed.out()).containsPattern("ConfigMap\\s+cachebox-defaults\\s+" + ns + "\\s+no\\s+Present\\s+" + UPDATED);
        assertThat(changed.out()).containsPattern("Role\\s+cachebox-editor\\s+" + ns + "\\s+no\\s+Present\\s+" + UNCHANGED);
        assertThat(configMap(cluster, ns).getData()).containsEntry("default-memory", "512Mi");
    }

    private static ConfigMap configMap(RealCluster cluster, String ns) {
        return cluster.client().configMaps().inNamespace(ns).withName("cachebox-defaults").get();
    }
}
