package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.executor.lock.Acquisition;
import dev.bundlectl.executor.lock.HeldLock;
import dev.bundlectl.executor.lock.LockState;
import dev.bundlectl.executor.lock.LockTarget;
import dev.bundlectl.executor.lock.PackageLock;
import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.executor.testing.Await;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.executor.testing.RealApiServerExtension.Served;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cluster shared by many hands, on the real API server with the real kube-controller-manager
 * beside it (so namespaces finish deleting and dependents are collected as in a cluster), in render
 * mode (the server serves no OLM): installs of one package at once run one at a time under its
 * lock, and what they leave an uninstall removes; the same bundle in two namespaces shares its
 * cluster-scoped objects until the last of them is uninstalled; another package's object of the
 * same name is refused, naming its owner, until {@code --take-ownership} (docs/semantics.md §3, §8).
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerManyHandsTest {

    private static final String SAMPLE_PACKAGE = "cachebox-operator";

    @TempDir
    Path dir;

    @Test
    void fiveInstallsAtOnceRunOneAtATimeAndTheUninstallLeavesNothing(
            @Served(value = RealApiServer.Flavour.PLAIN, controllers = true) RealApiServer server) throws Exception {
        RealCluster cluster = RealCluster.in(server, "five");
        String ns = cluster.namespace();
        Path bundle = SampleCopies.renamed(dir.resolve("fivebox"), "fivebox");

        // At once, refused at once: each either installs or is refused, naming the holder of the lock.
        List<CliRun> refusedOrDone = concurrently(5, () -> cluster.run("install", bundle.toString(), "-n", ns));
        assertThat(refusedOrDone).allSatisfy(run -> {
            if (run.exitCode() != ExitCode.OK) {
                assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCode.ERROR);
                assertThat(run.err()).as(run.toString()).containsPattern("error: another operation holds the lock of "
                        + "fivebox-operator in namespace " + ns + ": install fivebox-operator.v0.3.1 by [^ ]+/pid \\d+ "
                        + "since \\S+; its lease expires at \\S+ \\(pass --wait-for-lock to wait for it\\)");
            }
        });
        assertThat(refusedOrDone).filteredOn(run -> run.exitCode() == ExitCode.OK).isNotEmpty();
        System.out.println("[bundlectl] five installs at once: " + refusedOrDone.stream()
                .filter(run -> run.exitCode() == ExitCode.OK).count() + " ran, the others were refused");

        // At once, waiting: every one runs, one after the other.
        List<CliRun> waited = concurrently(5, () -> cluster.run("install", bundle.toString(), "-n", ns,
                "--wait-for-lock=120s"));
        assertThat(waited).allSatisfy(run -> assertThat(run.exitCode()).as(run.toString()).isZero());
        assertThat(cluster.client().leases().inNamespace(ns).withName("bundlectl-fivebox-operator").get()
                .getSpec().getHolderIdentity()).as("released").isNullOrEmpty();

        CliRun uninstall = cluster.run("uninstall", "--package", "fivebox-operator", "-n", ns, "--delete-crds");
        assertThat(uninstall.exitCode()).as(uninstall.toString()).isZero();
        assertNothingOf(cluster, bundle, ns);
        assertThat(cluster.client().leases().inNamespace(ns).withName("bundlectl-fivebox-operator").get())
                .as("the lock goes with the last of the package").isNull();
        assertThat(records(cluster, ns)).isEmpty();
    }

    @Test
    void theSameBundleInTwoNamespacesSharesItsClusterScopedObjectsUntilBothAreUninstalled(
            @Served(value = RealApiServer.Flavour.PLAIN, controllers = true) RealApiServer server) throws Exception {
        Path bundle = SampleCopies.renamed(dir.resolve("twinbox"), "twinbox");
        RealCluster teamA = RealCluster.in(server, "team-a");
        RealCluster teamB = RealCluster.in(server, "team-b");
        for (RealCluster team : List.of(teamA, teamB)) {
            CliRun install = team.run("install", bundle.toString(), "-n", team.namespace());
            assertThat(install.exitCode()).as(install.toString()).isZero();
        }
        GenericKubernetesResource reader = clusterScoped(teamA, "rbac.authorization.k8s.io/v1", "ClusterRole",
                "clusterroles", "twinbox-metrics-reader");
        OwnerAnnotations.assertOwnedOnlyBy(reader.getMetadata().getAnnotations(), "twinbox-operator",
                teamA.namespace(), teamB.namespace());
        String recordB = records(teamB, teamB.namespace()).get(0);
        CliRun status = teamB.run("status", "-n", teamB.namespace(), recordB);
        assertThat(status.out()).contains("ClusterRole/twinbox-metrics-reader: shared with twinbox-operator in namespace "
                + teamA.namespace());

        CliRun uninstallA = teamA.run("uninstall", "--package", "twinbox-operator", "-n", teamA.namespace(),
                "--delete-crds");
        assertThat(uninstallA.exitCode()).as(uninstallA.toString()).isZero();
        assertThat(uninstallA.out()).contains("Released ClusterRole/twinbox-metrics-reader: still owned by "
                + "twinbox-operator in namespace " + teamB.namespace())
                .contains("Kept CustomResourceDefinition/caches.twinbox.bundlectl.dev: still owned by twinbox-operator in "
                        + "namespace " + teamB.namespace());
        reader = clusterScoped(teamB, "rbac.authorization.k8s.io/v1", "ClusterRole", "clusterroles",
                "twinbox-metrics-reader");
        assertThat(reader).as("team-b's operator keeps its rights").isNotNull();
        OwnerAnnotations.assertOwnedOnlyBy(reader.getMetadata().getAnnotations(), "twinbox-operator", teamB.namespace());
        assertThat(clusterScoped(teamB, "rbac.authorization.k8s.io/v1", "ClusterRoleBinding", "clusterrolebindings",
                "twinbox-metrics-reader")).isNotNull();
        CliRun reRunB = teamB.run("install", bundle.toString(), "-n", teamB.namespace());
        assertThat(reRunB.exitCode()).as("team-b is still whole: " + reRunB).isZero();

        CliRun uninstallB = teamB.run("uninstall", "--package", "twinbox-operator", "-n", teamB.namespace(),
                "--delete-crds");
        assertThat(uninstallB.exitCode()).as(uninstallB.toString()).isZero();
        assertNothingOf(teamA, bundle, teamA.namespace());
        assertNothingOf(teamB, bundle, teamB.namespace());
        assertThat(clusterScoped(teamB, "rbac.authorization.k8s.io/v1", "ClusterRole", "clusterroles",
                "twinbox-metrics-reader")).as("uninstalling both removes them").isNull();
        assertThat(clusterScoped(teamB, "apiextensions.k8s.io/v1", "CustomResourceDefinition",
                "customresourcedefinitions", "caches.twinbox.bundlectl.dev")).isNull();
    }

    @Test
    void anotherPackagesObjectOfTheSameNameIsRefusedNamingItsOwnerUntilTakenOver(
            @Served(value = RealApiServer.Flavour.PLAIN, controllers = true) RealApiServer server) throws Exception {
        RealCluster cluster = RealCluster.in(server, "rival");
        String ns = cluster.namespace();
        Path owner = SampleCopies.renamed(dir.resolve("ownerbox"), "ownerbox");
        Path rival = SampleCopies.renamed(dir.resolve("rivalbox"), "rivalbox");
        // The rival ships a ConfigMap of the owner's name, with other content.
        Path configMap = rival.resolve("manifests/rivalbox-defaults_v1_configmap.yaml");
        Files.writeString(configMap, Files.readString(configMap).replace("rivalbox-defaults", "ownerbox-defaults")
                .replace("256Mi", "1Gi"));
        assertThat(cluster.run("install", owner.toString(), "-n", ns).exitCode()).isZero();

        CliRun refused = cluster.run("install", rival.toString(), "-n", ns);

        assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(ExitCode.PLAN_FAILED);
        assertThat(refused.err()).contains("ConfigMap/" + ns + "/ownerbox-defaults: refused in preflight: ConfigMap/" + ns
                + "/ownerbox-defaults is owned by the install of ownerbox-operator in namespace " + ns
                + " (another package); --take-ownership takes it over");
        assertThat(records(cluster, ns)).as("nothing of the rival was written").hasSize(1);
        assertThat(cluster.client().configMaps().inNamespace(ns).withName("ownerbox-defaults").get().getData())
                .containsEntry("default-memory", "256Mi");

        CliRun taken = cluster.run("install", rival.toString(), "-n", ns, "--take-ownership");

        assertThat(taken.exitCode()).as(taken.toString()).isZero();
        assertThat(taken.out()).containsPattern("ConfigMap\\s+ownerbox-defaults\\s+" + ns
                + "\\s+no\\s+Present\\s+.*taken over from ownerbox-operator in namespace " + ns);
        var configMapNow = cluster.client().configMaps().inNamespace(ns).withName("ownerbox-defaults").get();
        assertThat(configMapNow.getData()).containsEntry("default-memory", "1Gi");
        OwnerAnnotations.assertOwnedOnlyBy(configMapNow.getMetadata().getAnnotations(), "rivalbox-operator", ns);
        String ownerRecord = records(cluster, ns).stream().filter(name -> name.contains("ownerbox")).findFirst()
                .orElseThrow();
        assertThat(cluster.run("status", "-n", ns, ownerRecord).out())
                .contains("lost ConfigMap/" + ns + "/ownerbox-defaults: taken over by rivalbox-operator in namespace " + ns);

        CliRun uninstallOwner = cluster.run("uninstall", "--package", "ownerbox-operator", "-n", ns);
        assertThat(uninstallOwner.exitCode()).as(uninstallOwner.toString()).isZero();
        assertThat(cluster.client().configMaps().inNamespace(ns).withName("ownerbox-defaults").get())
                .as("the owner's uninstall leaves what it lost").isNotNull();
        CliRun uninstallRival = cluster.run("uninstall", "--package", "rivalbox-operator", "-n", ns, "--delete-crds");
        assertThat(uninstallRival.exitCode()).as(uninstallRival.toString()).isZero();
        assertThat(cluster.client().configMaps().inNamespace(ns).withName("ownerbox-defaults").get()).isNull();
    }

    @Test
    void anInstallDuringAnotherOperationIsRefusedAtOnceNamingItAndWaitsWhenAsked(
            @Served(value = RealApiServer.Flavour.PLAIN, controllers = true) RealApiServer server) throws Exception {
        RealCluster cluster = RealCluster.in(server, "during");
        String ns = cluster.namespace();
        Path bundle = SampleCopies.renamed(dir.resolve("durbox"), "durbox");
        assertThat(cluster.run("install", bundle.toString(), "-n", ns).exitCode()).isZero();
        // Another operation (an uninstall on another machine, say) holds the lock.
        ClusterConnection connection = server.connect();
        PackageLock lock = new PackageLock(connection.api(), connection.vertx(), new LockTarget(ns, "durbox-operator"));
        LockState state = Await.result(lock.read());
        HeldLock held = ((Acquisition.Acquired) Await.result(lock.acquire((LockState.Free) state,
                "build-agent-7/pid 4242", "uninstall durbox-operator"))).lock();

        CliRun refused = cluster.run("install", bundle.toString(), "-n", ns);
        assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(ExitCode.ERROR);
        assertThat(refused.err()).contains("another operation holds the lock of durbox-operator in namespace " + ns
                + ": uninstall durbox-operator by build-agent-7/pid 4242 since ");
        CliRun uninstallRefused = cluster.run("uninstall", "--package", "durbox-operator", "-n", ns);
        assertThat(uninstallRefused.exitCode()).as(uninstallRefused.toString()).isEqualTo(ExitCode.ERROR);

        // Waiting: the install goes on once the other operation releases the lock.
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            Future<CliRun> waiting = pool.submit(() -> cluster.run("install", bundle.toString(), "-n", ns,
                    "--wait-for-lock=60s"));
            Thread.sleep(2_000);
            assertThat(waiting.isDone()).as("it waits for the lock").isFalse();
            Await.result(held.release());
            CliRun waited = waiting.get();
            assertThat(waited.exitCode()).as(waited.toString()).isZero();
            assertThat(waited.err()).contains("waiting for the lock: another operation holds the lock of durbox-operator");
        } finally {
            pool.shutdownNow();
        }
        assertThat(cluster.run("uninstall", "--package", "durbox-operator", "-n", ns, "--delete-crds").exitCode())
                .isZero();
        assertNothingOf(cluster, bundle, ns);
    }

    @Test
    void anInstallAndAnUninstallAtOnceLeaveTheClusterAsTheOneThatRanLastSays(
            @Served(value = RealApiServer.Flavour.PLAIN, controllers = true) RealApiServer server) throws Exception {
        RealCluster cluster = RealCluster.in(server, "both");
        String ns = cluster.namespace();
        Path bundle = SampleCopies.renamed(dir.resolve("bothbox"), "bothbox");
        assertThat(cluster.run("install", bundle.toString(), "-n", ns).exitCode()).isZero();

        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Future<CliRun> uninstall = pool.submit(() -> cluster.run("uninstall", "--package", "bothbox-operator", "-n",
                    ns, "--wait-for-lock=60s"));
            Future<CliRun> install = pool.submit(() -> cluster.run("install", bundle.toString(), "-n", ns,
                    "--wait-for-lock=60s"));
            assertThat(uninstall.get().exitCode()).as(uninstall.get().toString()).isZero();
            assertThat(install.get().exitCode()).as(install.get().toString()).isZero();
        } finally {
            pool.shutdownNow();
        }
        // Whichever ran last, the records and the objects agree: installed with its records, or neither.
        boolean installed = cluster.client().configMaps().inNamespace(ns).withName("bothbox-defaults").get() != null;
        assertThat(records(cluster, ns)).as("records agree with the objects").hasSize(installed ? 1 : 0);
        if (installed) {
            assertThat(cluster.run("uninstall", "--package", "bothbox-operator", "-n", ns, "--delete-crds").exitCode())
                    .isZero();
        }
        assertNothingOf(cluster, bundle, ns);
    }

    /** Runs {@code count} copies of {@code run} at once; answers their results in start order. */
    static List<CliRun> concurrently(int count, Callable<CliRun> run) throws Exception {
        return inParallel(count, java.util.Collections.nCopies(count, run));
    }

    /** Runs {@code tasks} on {@code threads} threads; answers their results in task order. */
    static <T> List<T> inParallel(int threads, List<Callable<T>> tasks) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<T>> started = new ArrayList<>();
            for (Callable<T> task : tasks) {
                started.add(pool.submit(task));
            }
            List<T> done = new ArrayList<>();
            for (Future<T> each : started) {
                done.add(each.get());
            }
            return done;
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * No object of {@code bundle}'s plan in {@code namespace} is left that the install created: no
     * namespaced one, and no cluster-scoped one that carries the install's mark or no mark at all.
     * One the server is deleting (it has a {@code deletionTimestamp}) counts as gone.
     */
    static void assertNothingOf(RealCluster cluster, Path bundle, String namespace) {
        CliRun plan = cluster.run("plan", bundle.toString(), "-n", namespace, "-o", "json");
        JsonNode steps = RealCluster.json(plan).path("status").path("plan");
        List<String> left = new ArrayList<>();
        for (JsonNode step : steps) {
            JsonNode resource = step.path("resource");
            if ("NotCreated".equals(step.path("status").asText())
                    || "ClusterServiceVersion".equals(resource.path("kind").asText())) {
                continue;
            }
            String group = resource.path("group").asText();
            String apiVersion = group.isEmpty() ? resource.path("version").asText() : group + "/"
                    + resource.path("version").asText();
            boolean namespaced = resource.hasNonNull("namespace") && !resource.path("namespace").asText().isEmpty();
            var objects = cluster.client().genericKubernetesResources(context(apiVersion, resource.path("kind").asText(),
                    namespaced));
            GenericKubernetesResource live = (namespaced ? objects.inNamespace(namespace) : objects)
                    .withName(resource.path("name").asText()).get();
            // A deleted CRD goes once the server's finalizer has removed its custom resources; on
            // 1.34 that can still be under way when the uninstall has returned.
            if (live == null || live.getMetadata().getDeletionTimestamp() != null) {
                continue;
            }
            Map<String, String> annotations = live.getMetadata().getAnnotations() == null ? Map.of()
                    : live.getMetadata().getAnnotations();
            boolean marked = OwnerAnnotations.owners(annotations).stream().anyMatch(owner -> owner.startsWith(namespace + "/"));
            boolean anyMark = OwnerAnnotations.anyOwner(annotations);
            if (namespaced || marked || !anyMark && !"CustomResourceDefinition".equals(resource.path("kind").asText())) {
                left.add(resource.path("kind").asText() + "/" + resource.path("name").asText());
            }
        }
        assertThat(left).as("objects left behind in or for namespace " + namespace).isEmpty();
    }

    static List<String> records(RealCluster cluster, String namespace) {
        return cluster.client().secrets().inNamespace(namespace).list().getItems().stream()
                .filter(secret -> "bundlectl.dev/install-record".equals(secret.getType()))
                .map(secret -> secret.getMetadata().getName()).toList();
    }

    private static GenericKubernetesResource clusterScoped(RealCluster cluster, String apiVersion, String kind,
            String plural, String name) {
        return cluster.getClusterScoped(apiVersion, kind, plural, name);
    }

    static ResourceDefinitionContext context(String apiVersion, String kind, boolean namespaced) {
        int slash = apiVersion.indexOf('/');
        return new ResourceDefinitionContext.Builder()
                .withGroup(slash < 0 ? "" : apiVersion.substring(0, slash))
                .withVersion(slash < 0 ? apiVersion : apiVersion.substring(slash + 1))
                .withKind(kind).withPlural(plural(kind)).withNamespaced(namespaced).build();
    }

    private static String plural(String kind) {
        String lower = kind.toLowerCase(java.util.Locale.ROOT);
        return lower.endsWith("s") ? lower + "es" : lower.endsWith("y") ? lower.substring(0, lower.length() - 1) + "ies"
                : lower + "s";
    }
}
