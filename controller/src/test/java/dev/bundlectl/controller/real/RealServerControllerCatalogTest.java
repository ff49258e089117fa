package dev.bundlectl.controller.real;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.controller.runtime.Controller;
import dev.bundlectl.controller.testing.ConfigMapPacking;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.source.testing.RealRegistry;
import dev.bundlectl.source.testing.RealRegistryExtension;
import dev.bundlectl.source.testing.SampleImages;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A catalog from a ConfigMap, on the real API server and the real registry: the sample file-based
 * catalog packed into a ConfigMap (one key per catalog file, {@code /} written as {@code __}) picks
 * the head of its default channel, v0.4.0, whose bundle image is pulled and installed to Complete;
 * a missing ConfigMap, or one without the package, ends Failed with a one-line message.
 */
@ExtendWith({RealApiServerExtension.class, RealRegistryExtension.class})
class RealServerControllerCatalogTest {

    private static final Duration WAIT = Duration.ofSeconds(120);

    @TempDir
    Path temp;

    @Test
    void theChannelHeadOfAConfigMapCatalogInstallsComplete(
            @RealApiServerExtension.Served(RealApiServer.Flavour.OLM) RealApiServer server, RealRegistry registry) {
        SampleImages.pushAll(registry);
        KubernetesClient client = server.client();
        String ns = server.newNamespace("bi-catalog");
        try (Controller ignored = controllerWithCatalog(server, registry, ns)) {
            ControllerCluster.create(client, ns, """
                    apiVersion: bundlectl.dev/v1alpha1
                    kind: BundleInstall
                    metadata: {name: cachebox}
                    spec:
                      source: {catalog: {configMap: cachebox-catalog, package: cachebox-operator}}
                    """);
            GenericKubernetesResource done = ControllerCluster.await(client, ns, "cachebox", WAIT, "Complete",
                    o -> "Complete".equals(ControllerCluster.phase(o)));

            assertThat((String) ControllerCluster.status(done, "bundleImage"))
                    .startsWith(registry.address() + "/" + SampleImages.REPOSITORY + "@sha256:");
            assertThat(versions(done)).containsExactly("0.4.0");
            assertThat(client.genericKubernetesResources("operators.coreos.com/v1alpha1", "ClusterServiceVersion")
                    .inNamespace(ns).withName("cachebox-operator.v0.4.0").get()).isNotNull();
            assertThat(client.configMaps().inNamespace(ns).withName("cachebox-defaults").get())
                    .as("v0.4.0 ships no defaults ConfigMap").isNull();
        }
    }

    @Test
    void aMissingConfigMapOrPackageEndsFailedWithOneLine(
            @RealApiServerExtension.Served(RealApiServer.Flavour.OLM) RealApiServer server, RealRegistry registry) {
        KubernetesClient client = server.client();
        String ns = server.newNamespace("bi-catalog-bad");
        try (Controller ignored = controllerWithCatalog(server, registry, ns)) {
            ControllerCluster.create(client, ns, """
                    apiVersion: bundlectl.dev/v1alpha1
                    kind: BundleInstall
                    metadata: {name: missing}
                    spec:
                      source: {catalog: {configMap: no-such-catalog, package: cachebox-operator}}
                    """);
            ControllerCluster.create(client, ns, """
                    apiVersion: bundlectl.dev/v1alpha1
                    kind: BundleInstall
                    metadata: {name: unknown}
                    spec:
                      source: {catalog: {configMap: cachebox-catalog, package: no-such-operator}}
                    """);

            GenericKubernetesResource missing = ControllerCluster.await(client, ns, "missing", WAIT, "Failed",
                    o -> "Failed".equals(ControllerCluster.phase(o)));
            assertThat((String) ControllerCluster.status(missing, "message"))
                    .isEqualTo("ConfigMap " + ns + "/no-such-catalog not found");
            GenericKubernetesResource unknown = ControllerCluster.await(client, ns, "unknown", WAIT, "Failed",
                    o -> "Failed".equals(ControllerCluster.phase(o)));
            assertThat((String) ControllerCluster.status(unknown, "message"))
                    .startsWith("reading catalog ConfigMap " + ns + "/cachebox-catalog: ")
                    .contains("spec.source.catalog.package no-such-operator: not in the catalog")
                    .doesNotContain("--package").doesNotContain("\n");
            assertThat(client.secrets().inNamespace(ns).list().getItems()).as("no install record").isEmpty();
        }
    }

    /** The sample catalog, its images in {@code registry}, as ConfigMap cachebox-catalog of {@code ns}; a controller for {@code ns}. */
    private Controller controllerWithCatalog(RealApiServer server, RealRegistry registry, String ns) {
        ControllerCluster.installCrd(server);
        server.client().configMaps().inNamespace(ns).resource(ConfigMapPacking.pack("cachebox-catalog",
                SampleImages.catalogFor(registry, temp.resolve("catalog")))).create();
        return PipelineControllers.started(server.client(), ns, PipelineControllers.installer(server, temp.resolve("cache")),
                Duration.ofMinutes(5));
    }

    @SuppressWarnings("unchecked")
    private static List<String> versions(GenericKubernetesResource object) {
        return ((List<Object>) ControllerCluster.status(object, "history")).stream()
                .map(entry -> (String) ((Map<String, Object>) entry).get("version")).toList();
    }
}
