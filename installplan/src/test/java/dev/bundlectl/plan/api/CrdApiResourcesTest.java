package dev.bundlectl.plan.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.testing.TestBundles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class CrdApiResourcesTest {

    private static final Manifest V1_CLUSTER_CRD = TestBundles.manifest("manifests/widgets.crd.yaml", """
            apiVersion: apiextensions.k8s.io/v1
            kind: CustomResourceDefinition
            metadata:
              name: widgets.example.com
            spec:
              group: example.com
              names:
                kind: Widget
                plural: widgets
              scope: Cluster
              versions:
              - name: v1
                served: true
                storage: true
              - name: v1beta1
                served: true
                storage: false
              - name: v1alpha1
                served: false
                storage: false
            """);

    @Test
    void v1CrdServesEveryServedVersionWithItsScopeAndPlural() {
        assertThat(CrdApiResources.from(List.of(V1_CLUSTER_CRD))).containsExactly(
                new ApiResource("example.com", "v1", "Widget", "widgets", false),
                new ApiResource("example.com", "v1beta1", "Widget", "widgets", false));
    }

    @Test
    void v1beta1CrdWithOnlySpecVersion() {
        Manifest crd = TestBundles.manifest("manifests/gadgets.crd.yaml", """
                apiVersion: apiextensions.k8s.io/v1beta1
                kind: CustomResourceDefinition
                metadata:
                  name: gadgets.example.com
                spec:
                  group: example.com
                  version: v1alpha1
                  names:
                    kind: Gadget
                  scope: Namespaced
                """);

        assertThat(CrdApiResources.from(List.of(crd))).containsExactly(
                new ApiResource("example.com", "v1alpha1", "Gadget", "gadgets", true));
    }

    @Test
    void v1beta1CrdWithVersionsListUsesTheList() {
        Manifest crd = TestBundles.manifest("manifests/gizmos.crd.yaml", """
                apiVersion: apiextensions.k8s.io/v1beta1
                kind: CustomResourceDefinition
                metadata:
                  name: gizmos.example.com
                spec:
                  group: example.com
                  version: v2
                  versions:
                  - {name: v2, served: true, storage: true}
                  - {name: v1, served: true, storage: false}
                  names: {kind: Gizmo, plural: gizmos}
                  scope: Namespaced
                """);

        assertThat(CrdApiResources.from(List.of(crd))).containsExactly(
                new ApiResource("example.com", "v2", "Gizmo", "gizmos", true),
                new ApiResource("example.com", "v1", "Gizmo", "gizmos", true));
    }

    @Test
    void otherKindsAndIncompleteCrdsAreSkipped() {
        Manifest configMap = TestBundles.manifest("manifests/cm.yaml", """
                apiVersion: v1
                kind: ConfigMap
                metadata: {name: widgets}
                spec: {group: example.com, names: {kind: Widget}, versions: [{name: v1, served: true}]}
                """);
        Manifest noKind = TestBundles.manifest("manifests/bad.crd.yaml", """
                apiVersion: apiextensions.k8s.io/v1
                kind: CustomResourceDefinition
                metadata: {name: bad.example.com}
                spec: {group: example.com, versions: [{name: v1, served: true}]}
                """);

        assertThat(CrdApiResources.from(List.of(configMap, noKind))).isEmpty();
    }

    @Test
    void realV1beta1CrdFromTheCorpus() throws Exception {
        Path file = TestBundles.corpus()
                .resolve("dev/strimzi-kafka-operator/0.13.0/manifests/kafkas.kafka.strimzi.io.crd.yaml");
        ObjectNode body = (ObjectNode) new YAMLMapper().readTree(Files.readString(file));

        assertThat(CrdApiResources.fromCrd(body)).containsExactly(
                new ApiResource("kafka.strimzi.io", "v1beta1", "Kafka", "kafkas", true),
                new ApiResource("kafka.strimzi.io", "v1alpha1", "Kafka", "kafkas", true));
    }

    @Test
    void withBundleCrdsAddsTheirApisToTheBase() {
        ApiSurface surface = ApiSurfaces.withBundleCrds(ApiSurfaces.kubernetes(), List.of(V1_CLUSTER_CRD));

        assertThat(surface.find("example.com", "v1beta1", "Widget")).isPresent();
        assertThat(surface.find("", "v1", "Secret")).isPresent();
        assertThat(surface.description()).isEqualTo("built-in kubernetes 1.34 + the bundle's CRDs");
        assertThat(ApiSurfaces.withBundleCrds(ApiSurfaces.kubernetes(), List.of())).isSameAs(ApiSurfaces.kubernetes());
    }
}
