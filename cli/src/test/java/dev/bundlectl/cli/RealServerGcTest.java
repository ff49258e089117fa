package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.executor.testing.RealApiServerExtension.Served;
import dev.bundlectl.executor.testing.RealIdentities;
import dev.bundlectl.executor.testing.RealIdentity;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bundlectl gc} on the real API server with the real kube-controller-manager: the sample is
 * installed (render mode) in three namespaces that are then deleted, and in a fourth that stays.
 * gc lists each object the deleted namespaces' installs left, with the owner it names and why that
 * owner is gone, and nothing the live install owns; {@code --delete} removes them and leaves the
 * live install whole. A user who may not list ClusterRoles is told so and still gets the rest, with
 * a real token and through {@code --as} (docs/semantics.md §8).
 */
@ExtendWith(RealApiServerExtension.class)
@Tag(RealApiServer.SMOKE_ON_OLDEST)
class RealServerGcTest {

    private static final String PREFIX = "gcbox";
    private static final String PACKAGE = "gcbox-operator";

    @TempDir
    Path dir;

    @Test
    void gcListsWhatDeletedNamespacesLeftAndDeletesItLeavingTheLiveInstallWhole(
            @Served(value = RealApiServer.Flavour.PLAIN, controllers = true) RealApiServer server) throws Exception {
        Path bundle = SampleCopies.renamed(dir.resolve(PREFIX), PREFIX);
        RealCluster live = RealCluster.in(server, "gc-live");
        List<String> doomed = List.of(server.newNamespace("gc-one"), server.newNamespace("gc-two"),
                server.newNamespace("gc-three"));
        for (String ns : doomed) {
            assertThat(live.run("install", bundle.toString(), "-n", ns, "--csv-mode", "render").exitCode()).isZero();
        }
        assertThat(live.run("install", bundle.toString(), "-n", live.namespace(), "--csv-mode", "render").exitCode())
                .isZero();
        Set<String> liveOwns = ClusterScopedObjects.markedBy(server.client(), PREFIX, live.namespace()).keySet();
        Set<String> leftBehind = new TreeSet<>();
        for (String ns : doomed) {
            leftBehind.addAll(ClusterScopedObjects.markedBy(server.client(), PREFIX, ns).keySet());
        }
        leftBehind.removeAll(liveOwns);
        assertThat(leftBehind).as("each namespace's own operator RBAC").hasSize(4 * doomed.size());
        for (String ns : doomed) {
            RealServerGoneOwnersTest.deleteAndWait(server.client(), ns);
        }

        long started = System.nanoTime();
        CliRun listed = live.run("gc");
        System.out.println("[bundlectl] gc took " + (System.nanoTime() - started) / 1_000_000 + " ms:\n" + listed.out()
                + listed.err());

        assertThat(listed.exitCode()).as(listed.toString()).isEqualTo(listed.err().isBlank() ? ExitCode.OK
                : ExitCode.PLAN_FAILED);
        for (String object : leftBehind) {
            String ns = owner(server, object, doomed);
            assertThat(listed.out()).as(listed.toString()).contains("Leftover " + object + ": owned by " + PACKAGE
                    + " in namespace " + ns + " (namespace " + ns + " no longer exists)");
        }
        for (String object : liveOwns) {
            assertThat(listed.out()).as("the live install's " + object).doesNotContain(" " + object + ":");
        }
        assertThat(listed.out()).contains("nothing deleted (pass --delete to delete them).");
        assertThat(ClusterScopedObjects.named(server.client(), PREFIX).keySet()).as("listing deletes nothing")
                .containsAll(leftBehind);

        leastPrivilegedUserIsToldWhatItMayNotListAndGetsTheRest(server, live, leftBehind);

        CliRun deleted = live.run("gc", "--delete");
        System.out.println("[bundlectl] gc --delete:\n" + deleted.out() + deleted.err());

        assertThat(deleted.exitCode()).as(deleted.toString()).isEqualTo(deleted.err().isBlank() ? ExitCode.OK
                : ExitCode.PLAN_FAILED);
        leftBehind.forEach(object -> assertThat(deleted.out()).contains("Deleted " + object + ": owned by " + PACKAGE));
        Map<String, Map<String, String>> after = ClusterScopedObjects.named(server.client(), PREFIX);
        assertThat(after.keySet()).as("none left, the live install's untouched").containsExactlyInAnyOrderElementsOf(liveOwns);
        CliRun status = live.run("status", "-n", live.namespace());
        assertThat(status.exitCode()).as(status.toString()).isZero();
        assertThat(server.client().apps().deployments().inNamespace(live.namespace()).withName(PREFIX + "-operator")
                .get()).as("the live install still runs").isNotNull();
        assertThat(live.run("gc").out()).doesNotContain(PREFIX);
    }

    @Test
    void inOlmModeGcListsTheSharedObjectsOfThreeDeletedNamespacesAndKeepsTheirCrds(
            @Served(value = RealApiServer.Flavour.OLM, controllers = true) RealApiServer server) throws Exception {
        String prefix = "gcolmbox";
        Path bundle = SampleCopies.renamed(dir.resolve(prefix), prefix);
        RealCluster admin = RealCluster.in(server, "gc-olm-admin");
        List<String> doomed = List.of(server.newNamespace("gc-olm-one"), server.newNamespace("gc-olm-two"),
                server.newNamespace("gc-olm-three"));
        for (String ns : doomed) {
            CliRun install = admin.run("install", bundle.toString(), "-n", ns, "--csv-mode", "olm");
            assertThat(install.exitCode()).as(install.toString()).isZero();
        }
        Map<String, Map<String, String>> written = ClusterScopedObjects.named(server.client(), prefix);
        assertThat(written.keySet()).as("the shared objects, and each namespace's operator RBAC that OLM's "
                + "InstallPlan would write").contains("ClusterRole/" + prefix + "-metrics-reader",
                        "ClusterRoleBinding/" + prefix + "-metrics-reader",
                        "CustomResourceDefinition/caches." + prefix + ".bundlectl.dev",
                        "CustomResourceDefinition/cachebackups." + prefix + ".bundlectl.dev")
                .anyMatch(name -> name.startsWith("ClusterRole/" + prefix + "-operator.v0.3.1-"));
        for (String ns : doomed) {
            RealServerGoneOwnersTest.deleteAndWait(server.client(), ns);
        }

        CliRun listed = admin.run("gc");

        assertThat(listed.exitCode()).as(listed.toString()).isEqualTo(listed.err().isBlank() ? ExitCode.OK
                : ExitCode.PLAN_FAILED);
        for (String object : written.keySet()) {
            // A CRD's line gives what it holds before the owners: its custom resources and stored versions.
            String line = listed.out().lines().filter(each -> each.startsWith("Leftover " + object + ": owned by ")
                    || each.startsWith("Leftover " + object + " (0 custom resources (")
                            && each.contains(", 0 with finalizers; stored versions: v1alpha1): owned by "))
                    .findFirst().orElseThrow(() -> new AssertionError(object + " is not listed: " + listed));
            List<String> named = doomed.stream().filter(ns -> line.contains("in namespace " + ns + " (namespace " + ns
                    + " no longer exists)")).toList();
            assertThat(named).as(line).isNotEmpty();
            if (object.endsWith("/" + prefix + "-metrics-reader") || object.startsWith("CustomResourceDefinition/")) {
                assertThat(named).as("a shared object names every gone owner: " + line)
                        .containsExactlyInAnyOrderElementsOf(doomed);
            }
        }
        // Someone's data, of a CRD whose installs are all gone.
        server.create(RollbackBundles.cache(prefix, "v1alpha1", admin.namespace(), "still-used", 2));
        CliRun deleted = admin.run("gc", "--delete");
        assertThat(deleted.exitCode()).as(deleted.toString()).isEqualTo(deleted.err().isBlank() ? ExitCode.OK
                : ExitCode.PLAN_FAILED);
        assertThat(deleted.out()).contains("Kept CustomResourceDefinition/caches." + prefix + ".bundlectl.dev (1 custom "
                        + "resource (Cache), 0 with finalizers; stored versions: v1alpha1)")
                .contains("CRDs are deleted only with --delete-crds");
        assertThat(ClusterScopedObjects.named(server.client(), prefix).keySet()).as("the CRDs are kept")
                .containsExactlyInAnyOrder("CustomResourceDefinition/caches." + prefix + ".bundlectl.dev",
                        "CustomResourceDefinition/cachebackups." + prefix + ".bundlectl.dev");
        CliRun crds = admin.run("gc", "--delete", "--delete-crds");
        assertThat(crds.exitCode()).as(crds.toString()).isEqualTo(crds.err().isBlank() ? ExitCode.OK
                : ExitCode.PLAN_FAILED);
        // Their custom resources go first, then the CRDs (docs/semantics.md §8, "Removing CRDs").
        List<String> lines = crds.out().lines().toList();
        int resource = lines.indexOf("Deleted Cache " + admin.namespace() + "/still-used (a custom resource of caches."
                + prefix + ".bundlectl.dev)");
        int crd = lines.stream().filter(each -> each.startsWith("Deleted CustomResourceDefinition/caches." + prefix
                + ".bundlectl.dev (1 custom resource (Cache), 0 with finalizers")).findFirst().map(lines::indexOf)
                .orElse(-1);
        assertThat(resource).as(crds.out()).isNotNegative().isLessThan(crd);
        assertThat(crds.out()).contains("all 1 custom resource is gone, after ");
        // A deleted CRD goes once the API server has removed its custom resources (its finalizer).
        long deadline = System.nanoTime() + java.time.Duration.ofSeconds(60).toNanos();
        while (!ClusterScopedObjects.named(server.client(), prefix).isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(250);
        }
        assertThat(ClusterScopedObjects.named(server.client(), prefix)).as("nothing of the bundle left").isEmpty();
    }

    /**
     * A ServiceAccount that may read namespaces, Secrets, ClusterRoleBindings and CRDs, but not
     * ClusterRoles: gc says so in one line and lists the ClusterRoleBindings left behind; the same
     * through the admin's kubeconfig with {@code --as}.
     */
    private void leastPrivilegedUserIsToldWhatItMayNotListAndGetsTheRest(RealApiServer server, RealCluster live,
            Set<String> leftBehind) {
        RealIdentity reader = RealIdentities.serviceAccount(server, dir, live.namespace(), "gc-reader", null);
        server.create("""
                apiVersion: rbac.authorization.k8s.io/v1
                kind: ClusterRole
                metadata: {name: gc-reader-no-clusterroles}
                rules:
                - apiGroups: [""]
                  resources: [namespaces, secrets]
                  verbs: [get, list]
                - apiGroups: [rbac.authorization.k8s.io]
                  resources: [clusterrolebindings]
                  verbs: [get, list]
                - apiGroups: [apiextensions.k8s.io]
                  resources: [customresourcedefinitions]
                  verbs: [get, list]
                """);
        server.create("""
                apiVersion: rbac.authorization.k8s.io/v1
                kind: ClusterRoleBinding
                metadata: {name: gc-reader-no-clusterroles}
                roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: gc-reader-no-clusterroles}
                subjects:
                - {kind: ServiceAccount, name: gc-reader, namespace: %s}
                """.formatted(live.namespace()));
        CliRun withToken = live.runWith(reader.kubeconfig(), "gc");
        CliRun impersonated = live.run("gc", "--as", reader.username());
        for (CliRun run : List.of(withToken, impersonated)) {
            assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCode.PLAN_FAILED);
            assertThat(run.err()).as(run.toString()).containsOnlyOnce("warning: cannot list clusterroles.rbac.authorization.k8s.io: ");
            leftBehind.stream().filter(object -> object.startsWith("ClusterRoleBinding/"))
                    .forEach(binding -> assertThat(run.out()).as(run.toString()).contains("Leftover " + binding + ": "));
            assertThat(run.out()).doesNotContain("Leftover ClusterRole/");
        }
    }

    /** The doomed namespace whose mark {@code object} carries. */
    private static String owner(RealApiServer server, String object, List<String> doomed) {
        Map<String, String> annotations = ClusterScopedObjects.named(server.client(), PREFIX).get(object);
        return doomed.stream().filter(ns -> annotations.containsKey(ns + ".owners.bundlectl.dev/" + PACKAGE))
                .findFirst().orElseThrow();
    }
}
