package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code uninstall --delete-crds} removes things in the right order on the real API server
 * (docs/semantics.md §8, "Removing CRDs"): it first says what each CRD holds, then deletes the custom
 * resources while the operator still runs, waits for them to go, and only then removes the operator,
 * and the CRDs last. A custom resource carries a finalizer that only its operator removes; an
 * {@link OperatorStandIn} (a test thread, standing in for the operator, whose Pod nothing here runs)
 * removes it, and notes that the operator's Deployment and the CRD were still there when it did; a
 * second thread notes that the Deployment was gone by the time the CRD went. Without the stand-in the
 * resource stays, and the uninstall names it and keeps the operator and the CRDs. Each test installs
 * its own renamed copy of the sample, in render mode.
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerUninstallOrderTest {

    private static final String FINALIZER = "cleanup.example.com/cache";

    @Test
    void customResourcesGoFirstWhileTheOperatorRunsThenTheOperatorThenTheCrds(RealApiServer server, @TempDir Path dir)
            throws Exception {
        RealCluster cluster = RealCluster.in(server, "uninstall-order");
        String ns = cluster.namespace();
        Path bundle = RollbackBundles.version("samples/bundles/cachebox-operator", dir.resolve("b"), "uorder");
        assertThat(cluster.run("install", bundle.toString(), "-n", ns).exitCode()).isZero();
        server.create(held("uorder", ns, "held"));
        server.create(RollbackBundles.cache("uorder", "v1alpha1", ns, "plain", 2));

        CliRun dryRun = cluster.run("uninstall", "--package", "uorder-operator", "-n", ns, "--delete-crds", "--dry-run");

        assertThat(dryRun.exitCode()).as(dryRun.toString()).isZero();
        assertThat(dryRun.out()).contains("CustomResourceDefinition caches.uorder.bundlectl.dev holds 2 custom resources "
                        + "(Cache), 1 with finalizers; stored versions: v1alpha1")
                .contains("CustomResourceDefinition cachebackups.uorder.bundlectl.dev holds 0 custom resources "
                        + "(CacheBackup), 0 with finalizers; stored versions: v1alpha1")
                .contains("Would delete Deployment/" + ns + "/uorder-operator")
                .contains("Would delete CustomResourceDefinition/caches.uorder.bundlectl.dev")
                .contains("nothing was removed (--dry-run)");
        assertThat(caches(cluster, ns)).as("--dry-run deletes nothing").hasSize(2);

        AtomicReference<Boolean> operatorGoneBeforeCrd = new AtomicReference<>();
        Thread crdWatch = watchCrdGoing(cluster, ns, operatorGoneBeforeCrd);
        CliRun uninstall;
        try (OperatorStandIn operator = OperatorStandIn.start(cluster.client(), CACHES.apply("uorder"), ns, FINALIZER,
                "uorder-operator", "caches.uorder.bundlectl.dev")) {
            uninstall = cluster.run("uninstall", "--package", "uorder-operator", "-n", ns, "--delete-crds");
            assertThat(operator.seen()).as("the stand-in removed the finalizer while the operator and the CRD were there")
                    .containsExactly(new OperatorStandIn.Seen("held", true, true));
        }
        crdWatch.join(10_000);

        assertThat(uninstall.exitCode()).as(uninstall.toString()).isZero();
        assertThat(operatorGoneBeforeCrd.get()).as("the operator's Deployment was gone when the CRD went").isTrue();
        List<String> lines = uninstall.out().lines().toList();
        assertThat(lines).containsSubsequence(
                "CustomResourceDefinition caches.uorder.bundlectl.dev holds 2 custom resources (Cache), 1 with "
                        + "finalizers; stored versions: v1alpha1",
                "Deleted Cache " + ns + "/held (a custom resource of caches.uorder.bundlectl.dev; its finalizers "
                        + FINALIZER + " are its operator's to remove)",
                "Deleted Cache " + ns + "/plain (a custom resource of caches.uorder.bundlectl.dev)");
        int resourcesGone = indexOf(lines, "all 2 custom resources are gone, after ");
        int operatorGone = indexOf(lines, "Deleted Deployment/" + ns + "/uorder-operator");
        int crdGone = indexOf(lines, "Deleted CustomResourceDefinition/caches.uorder.bundlectl.dev");
        assertThat(resourcesGone).as("custom resources first").isLessThan(operatorGone);
        assertThat(operatorGone).as("then the operator, then the CRD").isLessThan(crdGone);
        assertThat(lines.subList(0, crdGone).stream().filter(line -> line.contains("CustomResourceDefinition/")).toList())
                .as("no CRD before the rest").isEmpty();
        // A deleted CRD goes once the API server has cleaned up after it (its own finalizer): no resource is left.
        for (String crd : List.of("caches.uorder.bundlectl.dev", "cachebackups.uorder.bundlectl.dev")) {
            awaitTrue(() -> server.client().apiextensions().v1().customResourceDefinitions().withName(crd)
                    .get() == null, "CustomResourceDefinition " + crd + " gone");
        }
    }

    @Test
    void aResourceWhoseFinalizerStaysIsNamedAndTheOperatorAndCrdsAreKept(RealApiServer server, @TempDir Path dir) {
        RealCluster cluster = RealCluster.in(server, "uninstall-stuck");
        String ns = cluster.namespace();
        Path bundle = RollbackBundles.version("samples/bundles/cachebox-operator", dir.resolve("b"), "ustuck");
        assertThat(cluster.run("install", bundle.toString(), "-n", ns).exitCode()).isZero();
        server.create(held("ustuck", ns, "held"));

        // No stand-in: nothing removes the finalizer.
        CliRun stuck = cluster.run("uninstall", "--package", "ustuck-operator", "-n", ns, "--delete-crds",
                "--cr-timeout", "3s");

        assertThat(stuck.exitCode()).as(stuck.toString()).isEqualTo(ExitCode.PLAN_FAILED);
        assertThat(stuck.out()).contains("1 custom resource is still there after ")
                .contains("Cache " + ns + "/held (finalizers " + FINALIZER + ")")
                .contains("Nothing else was removed: custom resources stayed.")
                .contains("the operator, the CRDs and the install records were kept");
        assertThat(cluster.client().apps().deployments().inNamespace(ns).withName("ustuck-operator").get())
                .as("the operator stays to finish").isNotNull();
        assertThat(server.client().apiextensions().v1().customResourceDefinitions().withName("caches.ustuck.bundlectl.dev")
                .get()).isNotNull();

        // Its operator (here, the test) finishes; the uninstall run again completes.
        cluster.client().genericKubernetesResources(CACHES.apply("ustuck")).inNamespace(ns).withName("held")
                .edit(live -> {
                    live.getMetadata().setFinalizers(List.of());
                    return live;
                });
        CliRun again = cluster.run("uninstall", "--package", "ustuck-operator", "-n", ns, "--delete-crds");
        assertThat(again.exitCode()).as(again.toString()).isZero();
        awaitTrue(() -> server.client().apiextensions().v1().customResourceDefinitions()
                .withName("caches.ustuck.bundlectl.dev").get() == null, "the CRD gone");
    }

    private static final java.util.function.Function<String, ResourceDefinitionContext> CACHES =
            prefix -> new ResourceDefinitionContext.Builder().withGroup(prefix + ".bundlectl.dev").withVersion("v1alpha1")
                    .withKind("Cache").withPlural("caches").withNamespaced(true).build();

    /** A Cache carrying the finalizer only its operator removes. */
    private static String held(String prefix, String ns, String name) {
        return """
                apiVersion: %s.bundlectl.dev/v1alpha1
                kind: Cache
                metadata: {name: %s, namespace: %s, finalizers: [%s]}
                spec: {size: 3}
                """.formatted(prefix, name, ns, FINALIZER);
    }

    private static List<GenericKubernetesResource> caches(RealCluster cluster, String ns) {
        return cluster.client().genericKubernetesResources(CACHES.apply("uorder")).inNamespace(ns).list().getItems();
    }

    /**
     * A thread that, once the CRD starts going (it is being deleted, or gone), notes whether the
     * operator's Deployment was gone by then.
     */
    private static Thread watchCrdGoing(RealCluster cluster, String ns, AtomicReference<Boolean> operatorGone) {
        Thread watch = new Thread(() -> {
            long deadline = System.nanoTime() + 120_000_000_000L;
            while (System.nanoTime() < deadline) {
                var crd = cluster.client().apiextensions().v1().customResourceDefinitions()
                        .withName("caches.uorder.bundlectl.dev").get();
                if (crd == null || crd.getMetadata().getDeletionTimestamp() != null) {
                    operatorGone.set(cluster.client().apps().deployments().inNamespace(ns).withName("uorder-operator")
                            .get() == null);
                    return;
                }
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "crd-watch");
        watch.setDaemon(true);
        watch.start();
        return watch;
    }

    /** Waits up to 30 s for what the API server finishes on its own after a deletion. */
    private static void awaitTrue(java.util.function.BooleanSupplier done, String what) {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within 30 s: " + what);
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted waiting for: " + what);
            }
        }
    }

    private static int indexOf(List<String> lines, String start) {
        for (int index = 0; index < lines.size(); index++) {
            if (lines.get(index).startsWith(start)) {
                return index;
            }
        }
        throw new AssertionError("no line starts with \"" + start + "\" in:\n" + String.join("\n", lines));
    }
}
