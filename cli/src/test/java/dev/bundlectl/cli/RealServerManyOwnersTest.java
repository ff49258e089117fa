package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.executor.testing.RealApiServerExtension.Served;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A shared object's size does not grow with its owners (docs/semantics.md §8, "One list per
 * package, one field manager per package"), on the real API server: fifty installs of the sample,
 * a few at a time, in fifty namespaces leave each shared CRD with at most three
 * {@code managedFields} entries and a few bytes per owner more; uninstalling all but one keeps
 * every shared object, and the last uninstall removes them.
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerManyOwnersTest {

    private static final int INSTALLS = 50;
    private static final int THREADS = 4;
    private static final int SIZE_MARGIN = 5 * 1024;
    private static final int MAX_MANAGED_FIELDS = 3;
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void fiftyInstallsShareTheCrdsWithoutGrowingThemAndOnlyTheLastUninstallRemovesThem(
            @Served(RealApiServer.Flavour.PLAIN) RealApiServer server) throws Exception {
        Path bundle = SampleCopies.renamed(dir.resolve("fiftybox"), "fiftybox");
        String packageName = "fiftybox-operator";
        List<String> crds = List.of("caches.fiftybox.bundlectl.dev", "cachebackups.fiftybox.bundlectl.dev");
        RealCluster admin = RealCluster.in(server, "fifty-admin");
        List<String> namespaces = new ArrayList<>();
        for (int i = 0; i < INSTALLS; i++) {
            namespaces.add(server.newNamespace("fifty"));
        }
        Function<String, Callable<CliRun>> install = ns -> () -> admin.run("install", bundle.toString(), "-n", ns,
                "--csv-mode", "render");

        assertAllSucceeded(inParallel(List.of(install.apply(namespaces.get(0)))));
        Map<String, JsonNode> afterOne = measure(server, crds, 1);
        assertAllSucceeded(inParallel(namespaces.subList(1, 10).stream().map(install).toList()));
        measure(server, crds, 10);
        assertAllSucceeded(inParallel(namespaces.subList(10, INSTALLS).stream().map(install).toList()));
        Map<String, JsonNode> afterFifty = measure(server, crds, INSTALLS);

        for (String crd : crds) {
            assertThat(afterFifty.get(crd).path("metadata").path("managedFields").size()).as(crd + "'s managedFields")
                    .isLessThanOrEqualTo(MAX_MANAGED_FIELDS);
            assertThat(size(afterFifty.get(crd))).as(crd + "'s size after " + INSTALLS + " installs")
                    .isLessThanOrEqualTo(size(afterOne.get(crd)) + SIZE_MARGIN);
        }
        for (GenericKubernetesResource shared : shared(admin, crds, "fiftybox")) {
            assertThat(OwnerAnnotations.listed(shared.getMetadata().getAnnotations(), packageName))
                    .as(shared.getKind() + "/" + shared.getMetadata().getName() + " lists every install")
                    .containsExactlyElementsOf(namespaces.stream().sorted().toList());
        }

        List<CliRun> uninstalls = inParallel(namespaces.subList(0, INSTALLS - 1).stream()
                .map(ns -> (Callable<CliRun>) () -> admin.run("uninstall", "--package", packageName, "-n", ns,
                        "--delete-crds"))
                .toList());
        assertAllSucceeded(uninstalls);
        assertThat(uninstalls.get(0).out()).contains("Released ClusterRole/fiftybox-metrics-reader: still owned by "
                + packageName + " in namespace ").contains("Kept CustomResourceDefinition/caches.fiftybox.bundlectl.dev: "
                + "still owned by " + packageName + " in namespace ");
        String last = namespaces.get(INSTALLS - 1);
        List<GenericKubernetesResource> kept = shared(admin, crds, "fiftybox");
        assertThat(kept).as("every shared object stays while one install owns it").hasSize(crds.size() + 2);
        for (GenericKubernetesResource shared : kept) {
            assertThat(OwnerAnnotations.owners(shared.getMetadata().getAnnotations()))
                    .as(shared.getKind() + "/" + shared.getMetadata().getName()).containsExactly(last + "/" + packageName);
        }

        CliRun uninstallLast = admin.run("uninstall", "--package", packageName, "-n", last, "--delete-crds");
        assertThat(uninstallLast.exitCode()).as(uninstallLast.toString()).isZero();
        assertThat(shared(admin, crds, "fiftybox")).as("the last uninstall removes them").isEmpty();
        RealServerManyHandsTest.assertNothingOf(admin, bundle, last);
    }

    @Test
    void anImpostorIsStillRefusedAnotherPackageShippingTheCrdOrThePackageWithOtherContent(
            @Served(RealApiServer.Flavour.PLAIN) RealApiServer server) throws Exception {
        String crd = "caches.realbox.bundlectl.dev";
        Path bundle = SampleCopies.renamed(dir.resolve("realbox"), "realbox");
        RealCluster owner = RealCluster.in(server, "real-owner");
        CliRun installed = owner.run("install", bundle.toString(), "-n", owner.namespace(), "--csv-mode", "render");
        assertThat(installed.exitCode()).as(installed.toString()).isZero();
        // Another package shipping the same CRD with other content, and the same package with other content.
        Path impostor = otherContent(SampleCopies.renamed(dir.resolve("impostor"), "realbox"));
        Path annotations = impostor.resolve("metadata/annotations.yaml");
        Files.writeString(annotations, Files.readString(annotations).replace("package.v1: realbox-operator",
                "package.v1: impostor-operator"));
        Path otherVersion = otherContent(SampleCopies.renamed(dir.resolve("other-version"), "realbox"));

        for (List<String> attempt : List.of(List.of(impostor.toString(), "another package"),
                List.of(otherVersion.toString(), "it applied other content"))) {
            RealCluster elsewhere = RealCluster.in(server, "real-other");
            CliRun refused = elsewhere.run("install", attempt.get(0), "-n", elsewhere.namespace(), "--csv-mode",
                    "render");

            assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(ExitCode.PLAN_FAILED);
            assertThat(refused.err()).contains("CustomResourceDefinition/" + crd + ": refused in preflight: "
                    + "CustomResourceDefinition/" + crd + " is owned by the install of realbox-operator in namespace "
                    + owner.namespace() + " (" + attempt.get(1) + "); --take-ownership takes it over");
            assertThat(RealServerManyHandsTest.records(elsewhere, elsewhere.namespace())).as("nothing written")
                    .isEmpty();
        }
        GenericKubernetesResource stored = owner.getClusterScoped("apiextensions.k8s.io/v1",
                "CustomResourceDefinition", "customresourcedefinitions", crd);
        OwnerAnnotations.assertOwnedOnlyBy(stored.getMetadata().getAnnotations(), "realbox-operator", owner.namespace());
        assertThat(JSON.writeValueAsString(stored.getAdditionalProperties().get("spec"))).as("the owner's content")
                .contains("\"maximum\":9").doesNotContain("\"maximum\":12");
        assertThat(owner.run("uninstall", "--package", "realbox-operator", "-n", owner.namespace(), "--delete-crds")
                .exitCode()).isZero();
    }

    /** {@code bundle} with its caches CRD's schema changed. */
    private static Path otherContent(Path bundle) throws Exception {
        try (var files = Files.list(bundle.resolve("manifests"))) {
            Path crd = files.filter(file -> file.getFileName().toString().endsWith("_caches.yaml")).findFirst()
                    .orElseThrow();
            Files.writeString(crd, Files.readString(crd).replace("maximum: 9", "maximum: 12"));
        }
        return bundle;
    }

    /** Each shared CRD as the server answers it, its size and managedFields printed for bench/README.md. */
    private static Map<String, JsonNode> measure(RealApiServer server, List<String> crds, int installs)
            throws Exception {
        Map<String, JsonNode> found = new java.util.LinkedHashMap<>();
        for (String crd : crds) {
            String answer = server.client().raw("/apis/apiextensions.k8s.io/v1/customresourcedefinitions/" + crd);
            JsonNode object = JSON.readTree(answer);
            found.put(crd, object);
            System.out.println("[bundlectl] " + crd + " after " + installs + " installs: "
                    + answer.getBytes(StandardCharsets.UTF_8).length + " bytes as the server answers it, "
                    + object.path("metadata").path("managedFields").size() + " managedFields entries");
        }
        return found;
    }

    private static int size(JsonNode object) throws Exception {
        return JSON.writeValueAsBytes(object).length;
    }

    /** The shared objects still there (and not being deleted): the CRDs and the metrics-reader RBAC. */
    private static List<GenericKubernetesResource> shared(RealCluster cluster, List<String> crds, String prefix) {
        List<GenericKubernetesResource> found = new ArrayList<>();
        for (String crd : crds) {
            found.add(cluster.getClusterScoped("apiextensions.k8s.io/v1", "CustomResourceDefinition",
                    "customresourcedefinitions", crd));
        }
        found.add(cluster.getClusterScoped("rbac.authorization.k8s.io/v1", "ClusterRole", "clusterroles",
                prefix + "-metrics-reader"));
        found.add(cluster.getClusterScoped("rbac.authorization.k8s.io/v1", "ClusterRoleBinding", "clusterrolebindings",
                prefix + "-metrics-reader"));
        return found.stream().filter(object -> object != null && object.getMetadata().getDeletionTimestamp() == null)
                .toList();
    }

    private static void assertAllSucceeded(List<CliRun> runs) {
        assertThat(runs).allSatisfy(run -> assertThat(run.exitCode()).as(run.toString()).isZero());
    }

    private static <T> List<T> inParallel(List<Callable<T>> tasks) throws Exception {
        return RealServerManyHandsTest.inParallel(THREADS, tasks);
    }
}
