package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.controller.api.BundleInstallKind;
import dev.bundlectl.executor.records.InstallRecordStore;
import dev.bundlectl.executor.records.RecordEntry;
import dev.bundlectl.executor.testing.KubeletStandIn;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealOlm;
import dev.bundlectl.executor.testing.RealOlmExtension;
import dev.bundlectl.source.testing.ImagePusher;
import dev.bundlectl.source.testing.RealRegistry;
import dev.bundlectl.source.testing.RealRegistryExtension;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A walk along a catalog's channel, one hop per reconcile (issue 52), through {@code bundlectl
 * controller} run as a process of its own, on the real API server with the real olm-operator and
 * the real registry. The channel goes 0.3.0 → 0.3.1 → 0.3.2 → 0.4.0, joined only by {@code replaces}.
 * The controller runs with one worker: while the walk waits for its first hop to run, a second
 * BundleInstall is created and reaches Complete, so no worker waits for OLM. Then the controller is
 * killed with SIGKILL, and a new one (with an empty bundle cache, as a new leader's Pod has) goes on
 * at the right hop: the walk completes, {@code status.history} lists each hop once, each hop was
 * installed by one run, and nothing of the earlier versions is left. {@link KubeletStandIn} rolls out
 * the Deployments OLM makes, the one simulated part; the first hop's is held back until the kill.
 */
@ExtendWith({RealOlmExtension.class, RealRegistryExtension.class})
class RealServerControllerWalkRestartTest {

    private static final Duration WAIT = Duration.ofSeconds(240);
    private static final String CSV_API = "operators.coreos.com/v1alpha1";
    private static final String PREFIX = "killwalk";
    private static final String PKG = PREFIX + "-operator";
    private static final List<String> VERSIONS = List.of("0.3.0", "0.3.1", "0.3.2", "0.4.0");
    /** What olm-operator names after a CSV and makes the owner of what it makes for the CSV. */
    private static final List<String> OLM_OWNERS = List.of("ClusterServiceVersion", "OperatorCondition");

    @TempDir
    Path temp;

    @Test
    void withOneWorkerAnotherInstallCompletesMidWalkAndAWalkKilledAfterItsFirstHopResumesAndInstallsEachHopOnce(
            RealOlm olm, RealRegistry registry) throws Exception {
        RealApiServer server = olm.server();
        RealServerControllerInstallTest.installCrd(server);
        KubernetesClient client = server.client();
        String ns = server.newNamespace(PREFIX);
        String image = pushVersions(registry);
        String side = pushSide(registry);
        client.configMaps().inNamespace(ns).resource(catalog(image, VERSIONS.subList(0, 1))).create();
        List<AutoCloseable> standIns = new ArrayList<>();
        Process controller = null;
        try {
            standIns.add(KubeletStandIn.of(server).start(ns, csv("0.3.0")));
            controller = startController(server, ns, "first");
            create(client, ns, "apiVersion: bundlectl.dev/v1alpha1\nkind: BundleInstall\nmetadata: {name: walker}\n"
                    + "spec: {source: {catalog: {configMap: catalog, package: " + PKG + "}}}\n");
            await(client, ns, "walker", controller, "0.3.0 Complete and running",
                    o -> "Complete".equals(phase(o)) && versions(o).equals(List.of("0.3.0")) && running(o));

            client.configMaps().inNamespace(ns).resource(catalog(image, VERSIONS)).update();
            GenericKubernetesResource firstHop = await(client, ns, "walker", controller, "hop 1 (0.3.1) installed",
                    o -> versions(o).equals(List.of("0.3.0", "0.3.1")));
            assertThat(phase(firstHop)).isEqualTo("Installing");
            assertThat(walk(firstHop)).containsEntry("hops", 3).containsEntry("fromVersion", "0.3.0")
                    .containsEntry("toVersion", "0.4.0")
                    .containsEntry("hopsLeft", List.of(PKG + ".v0.3.2@" + image + "v0.3.2", PKG + ".v0.4.0@" + image
                            + "v0.4.0"));

            // One worker, and the walk waits for 0.3.1, whose Deployment nothing rolls out yet: another
            // BundleInstall still gets that worker, and is Complete while the walk has not moved on.
            create(client, ns, "apiVersion: bundlectl.dev/v1alpha1\nkind: BundleInstall\nmetadata: {name: side}\n"
                    + "spec: {source: {image: " + side + "}}\n");
            await(client, ns, "side", controller, "the second BundleInstall Complete", o -> "Complete".equals(phase(o)));
            GenericKubernetesResource midWalk = get(client, ns, "walker");
            assertThat(versions(midWalk)).as("the walk has not ended").containsExactly("0.3.0", "0.3.1");
            assertThat(phase(midWalk)).isEqualTo("Installing");

            controller.destroyForcibly();
            assertThat(controller.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(controller.exitValue()).as("killed by SIGKILL").isEqualTo(128 + 9);

            for (String version : VERSIONS.subList(1, VERSIONS.size())) {
                standIns.add(KubeletStandIn.of(server).start(ns, csv(version)));
            }
            long restarted = System.nanoTime();
            controller = startController(server, ns, "second");
            GenericKubernetesResource done = await(client, ns, "walker", controller, "0.4.0 Complete and running",
                    o -> "Complete".equals(phase(o)) && "0.4.0".equals(status(o, "installedVersion")) && running(o));
            System.out.println("[bundlectl] walk resumed after SIGKILL: from the restart to 0.4.0 running in "
                    + Duration.ofNanos(System.nanoTime() - restarted).toSeconds() + " s");

            assertThat(versions(done)).as("each hop once").containsExactly("0.3.0", "0.3.1", "0.3.2", "0.4.0");
            assertThat(status(done, "walk")).as("the walk is over").isNull();
            assertThat(runsPerCsv(server, ns)).as("install runs per CSV: each hop installed once").containsEntry(csv(
                    "0.3.0"), 1L).containsEntry(csv("0.3.1"), 1L).containsEntry(csv("0.3.2"), 1L);
            awaitTrue(controller, () -> csvs(client, ns).equals(List.of(csv("0.4.0"))), "OLM to remove the replaced CSVs");
            // The last hop's install removes what the versions before it had once it runs (docs/semantics.md §9).
            awaitTrue(controller, () -> earlierVersionsObjects(client, ns).isEmpty(),
                    () -> "the RBAC of the earlier versions to go; left: " + earlierVersionsObjects(client, ns));

            // Nothing is orphaned: uninstalling leaves no CSV, no record and no RBAC of the package.
            client.genericKubernetesResources(BundleInstallKind.context()).inNamespace(ns).withName("walker").delete();
            await(client, ns, "walker", controller, "the walker uninstalled", o -> o == null);
            awaitTrue(controller, () -> csvs(client, ns).isEmpty(), "the CSV to go");
            assertThat(runsPerCsv(server, ns)).isEmpty();
            assertThat(packageObjects(client, ns)).isEmpty();
        } finally {
            if (controller != null) {
                controller.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            }
            for (AutoCloseable standIn : standIns) {
                standIn.close();
            }
            client.genericKubernetesResources(CSV_API, "ClusterServiceVersion").inNamespace(ns).delete();
            client.genericKubernetesResources("operators.coreos.com/v1", "OperatorGroup").inNamespace(ns).delete();
        }
    }

    /** {@code bundlectl controller} in a JVM of its own, as deploy/ runs it, with one worker; its output to a log in {@code temp}. */
    private Process startController(RealApiServer server, String ns, String name) throws IOException {
        Path log = temp.resolve("controller-" + name + ".log");
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"),
                Main.class.getName(), "controller", "--kubeconfig", server.kubeconfig().toString(), "--namespace", ns,
                "--workers", "1", "--single-tenant", "--resync", "10m", "--cache-dir",
                temp.resolve("cache-" + name).toString());
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    /**
     * The four versions of the sample renamed after {@link #PREFIX}, each replacing the one before
     * and nothing else, pushed; the image prefix, to append {@code v0.3.0}.
     */
    private String pushVersions(RealRegistry registry) throws IOException {
        String csvFile = "manifests/" + PKG + ".clusterserviceversion.yaml";
        Path v030 = SampleCopies.renamed("samples/bundles/cachebox-operator-v0.3.0", temp.resolve("v030"), PREFIX);
        Path v031 = SampleCopies.renamed(temp.resolve("v031"), PREFIX);
        edit(v031.resolve(csvFile), "  version: 0.3.1\n", "  version: 0.3.1\n  replaces: " + csv("0.3.0") + "\n");
        Path v032 = SampleCopies.renamed(temp.resolve("v032"), PREFIX);
        edit(v032.resolve(csvFile), "  version: 0.3.1\n", "  version: 0.3.2\n  replaces: " + csv("0.3.1") + "\n");
        edit(v032.resolve(csvFile), "name: " + csv("0.3.1") + "\n", "name: " + csv("0.3.2") + "\n");
        Path v040 = SampleCopies.renamed("samples/bundles/cachebox-operator-v0.4.0", temp.resolve("v040"), PREFIX);
        edit(v040.resolve(csvFile), "    olm.skipRange: '>=0.2.0 <0.4.0'\n", "");
        edit(v040.resolve(csvFile), "  skips:\n    - " + csv("0.3.0") + "\n", "");
        edit(v040.resolve(csvFile), "replaces: " + csv("0.3.1") + "\n", "replaces: " + csv("0.3.2") + "\n");
        ImagePusher pusher = new ImagePusher(registry);
        Map<String, Path> bundles = Map.of("v0.3.0", v030, "v0.3.1", v031, "v0.3.2", v032, "v0.4.0", v040);
        bundles.forEach((tag, bundle) -> pusher.pushBundle("walks/" + PREFIX, tag, bundle));
        return registry.address() + "/walks/" + PREFIX + ":";
    }

    /** The sample renamed once more, for the second BundleInstall: nothing of it is shared with the walk. */
    private String pushSide(RealRegistry registry) throws IOException {
        new ImagePusher(registry).pushBundle("walks/killside", "v0.3.1",
                SampleCopies.renamed(temp.resolve("side"), "killside"));
        return registry.address() + "/walks/killside:v0.3.1";
    }

    /** ConfigMap {@code catalog}: a file-based catalog of {@code versions}, each replacing the one before. */
    private static io.fabric8.kubernetes.api.model.ConfigMap catalog(String image, List<String> versions) {
        StringBuilder entries = new StringBuilder();
        StringBuilder bundles = new StringBuilder();
        for (int i = 0; i < versions.size(); i++) {
            String version = versions.get(i);
            entries.append("  - name: ").append(csv(version)).append('\n');
            if (i > 0) {
                entries.append("    replaces: ").append(csv(versions.get(i - 1))).append('\n');
            }
            bundles.append("---\nschema: olm.bundle\nname: ").append(csv(version)).append("\npackage: ").append(PKG)
                    .append("\nimage: ").append(image).append('v').append(version)
                    .append("\nproperties:\n  - type: olm.package\n    value: {packageName: ").append(PKG)
                    .append(", version: ").append(version).append("}\n");
        }
        String text = "---\nschema: olm.package\nname: " + PKG + "\ndefaultChannel: stable\n---\nschema: olm.channel\n"
                + "package: " + PKG + "\nname: stable\nentries:\n" + entries + bundles;
        return new ConfigMapBuilder().withNewMetadata().withName("catalog").endMetadata()
                .withData(Map.of("catalog.yaml", text)).build();
    }

    /** How many install runs each CSV of the package has, by its install records. */
    private static Map<String, Long> runsPerCsv(RealApiServer server, String ns) throws Exception {
        try (ClusterConnection connection = server.connect()) {
            List<RecordEntry> entries = new InstallRecordStore(connection.retryingApi()).list(ns).toCompletionStage()
                    .toCompletableFuture().get(60, TimeUnit.SECONDS);
            return entries.stream().filter(RecordEntry.Readable.class::isInstance)
                    .map(entry -> ((RecordEntry.Readable) entry).record())
                    .filter(record -> PKG.equals(record.packageName()))
                    .collect(Collectors.groupingBy(record -> String.valueOf(record.csvName()), TreeMap::new,
                            Collectors.counting()));
        }
    }

    /** The package's CSVs in the namespace, sorted; not those being deleted. */
    private static List<String> csvs(KubernetesClient client, String ns) {
        return client.genericKubernetesResources(CSV_API, "ClusterServiceVersion").inNamespace(ns).list().getItems()
                .stream().filter(csv -> csv.getMetadata().getDeletionTimestamp() == null)
                .map(csv -> csv.getMetadata().getName()).filter(name -> name.startsWith(PKG)).sorted().toList();
    }

    /** ServiceAccounts and RBAC named after a CSV of the versions before 0.4.0 (OLM mode's, which each version brings). */
    private static List<String> earlierVersionsObjects(KubernetesClient client, String ns) {
        return packageObjects(client, ns).stream().filter(name -> name.contains(PKG + ".v0.3.")).toList();
    }

    /**
     * ServiceAccounts and RBAC of the package, in the namespace and cluster-wide, as {@code Kind/name
     * owners}; not those olm-operator made for a CSV that is gone: owned by the CSV, or by the
     * OperatorCondition it makes for each CSV under the CSV's name (the Role and RoleBinding of its
     * {@code ensureOperatorConditionRole}). Kubernetes' garbage collector deletes them with their CSV,
     * and this server runs none.
     */
    private static List<String> packageObjects(KubernetesClient client, String ns) {
        List<HasMetadata> all = new ArrayList<>();
        all.addAll(client.serviceAccounts().inNamespace(ns).list().getItems());
        all.addAll(client.rbac().roles().inNamespace(ns).list().getItems());
        all.addAll(client.rbac().roleBindings().inNamespace(ns).list().getItems());
        all.addAll(client.rbac().clusterRoles().list().getItems());
        all.addAll(client.rbac().clusterRoleBindings().list().getItems());
        List<String> liveCsvs = csvs(client, ns);
        return all.stream().filter(object -> object.getMetadata().getName().startsWith(PKG))
                .filter(object -> object.getMetadata().getDeletionTimestamp() == null)
                .filter(object -> object.getMetadata().getOwnerReferences().stream().noneMatch(owner ->
                        OLM_OWNERS.contains(owner.getKind()) && !liveCsvs.contains(owner.getName())))
                .map(object -> object.getKind() + "/" + object.getMetadata().getName() + " owners "
                        + object.getMetadata().getOwnerReferences().stream()
                                .map(owner -> owner.getKind() + "/" + owner.getName()).toList())
                .sorted().toList();
    }

    private static String csv(String version) {
        return PKG + ".v" + version;
    }

    private static void edit(Path file, String from, String to) throws IOException {
        String text = Files.readString(file);
        assertThat(text).contains(from);
        Files.writeString(file, text.replace(from, to));
    }

    private static void create(KubernetesClient client, String ns, String yaml) {
        client.genericKubernetesResources(BundleInstallKind.context()).inNamespace(ns)
                .resource(Serialization.unmarshal(yaml, GenericKubernetesResource.class)).create();
    }

    private static GenericKubernetesResource get(KubernetesClient client, String ns, String name) {
        return client.genericKubernetesResources(BundleInstallKind.context()).inNamespace(ns).withName(name).get();
    }

    /** Polls BundleInstall {@code ns/name} until {@code condition} holds (null: gone); fails with the controller's log. */
    private GenericKubernetesResource await(KubernetesClient client, String ns, String name, Process controller,
            String what, Predicate<GenericKubernetesResource> condition) {
        GenericKubernetesResource[] last = new GenericKubernetesResource[1];
        // The message is made when the wait fails, with the object as last seen then.
        awaitTrue(controller, () -> condition.test(last[0] = get(client, ns, name)), () -> what + "; last seen: "
                + (last[0] == null ? "gone" : Serialization.asYaml(last[0].getAdditionalProperties().get("status"))));
        return last[0];
    }

    private void awaitTrue(Process controller, BooleanSupplier condition, String what) {
        awaitTrue(controller, condition, () -> what);
    }

    private void awaitTrue(Process controller, BooleanSupplier condition, Supplier<String> what) {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline || !controller.isAlive()) {
                throw new AssertionError("timed out after " + WAIT.toSeconds() + " s waiting for " + what.get()
                        + (controller.isAlive() ? "" : " (the controller exited " + controller.exitValue() + ")")
                        + "\ncontroller log (end):\n" + logTail());
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", e);
            }
        }
    }

    private String logTail() {
        try (Stream<Path> logs = Files.list(temp)) {
            StringBuilder tail = new StringBuilder();
            for (Path log : logs.filter(path -> path.getFileName().toString().startsWith("controller-")).sorted().toList()) {
                List<String> lines = Files.readAllLines(log);
                tail.append("== ").append(log.getFileName()).append('\n')
                        .append(String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size())))
                        .append('\n');
            }
            return tail.toString();
        } catch (IOException e) {
            return "(unreadable: " + e + ")";
        }
    }

    private static String phase(GenericKubernetesResource object) {
        return (String) status(object, "phase");
    }

    private static Object status(GenericKubernetesResource object, String field) {
        return RealServerControllerInstallTest.status(object, field);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> walk(GenericKubernetesResource object) {
        Object walk = status(object, "walk");
        return walk == null ? Map.of() : new LinkedHashMap<>((Map<String, Object>) walk);
    }

    @SuppressWarnings("unchecked")
    private static List<String> versions(GenericKubernetesResource object) {
        Object history = status(object, "history");
        return history == null ? List.of() : ((List<Object>) history).stream()
                .map(entry -> (String) ((Map<String, Object>) entry).get("version")).toList();
    }

    @SuppressWarnings("unchecked")
    private static boolean running(GenericKubernetesResource object) {
        Object conditions = status(object, "conditions");
        return conditions instanceof List<?> list && list.stream().map(each -> (Map<String, Object>) each)
                .anyMatch(condition -> "OperatorRunning".equals(condition.get("type"))
                        && "True".equals(condition.get("status")));
    }
}
