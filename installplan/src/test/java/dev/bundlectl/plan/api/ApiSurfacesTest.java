package dev.bundlectl.plan.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.bundlectl.bundle.yaml.InputFileException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ApiSurfacesTest {

    private static String resource(String name) throws IOException {
        try (InputStream in = ApiSurfacesTest.class.getResourceAsStream("/surfaces/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Nested
    class BuiltIn {

        @Test
        void kubernetesSurfaceHasTheDescriptionAndCoreResources() {
            StaticApiSurface k8s = ApiSurfaces.kubernetes();

            assertThat(k8s.description()).isEqualTo("built-in kubernetes 1.34");
            assertThat(k8s.find("", "v1", "Secret"))
                    .contains(new ApiResource("", "v1", "Secret", "secrets", true));
            assertThat(k8s.find("", "v1", "Namespace"))
                    .contains(new ApiResource("", "v1", "Namespace", "namespaces", false));
            assertThat(k8s.find("networking.k8s.io", "v1", "NetworkPolicy"))
                    .contains(new ApiResource("networking.k8s.io", "v1", "NetworkPolicy", "networkpolicies", true));
        }

        @Test
        void clusterScopedKindsAreClusterScoped() {
            StaticApiSurface k8s = ApiSurfaces.kubernetes();
            List<GroupVersionKind> clusterScoped = List.of(
                    new GroupVersionKind("rbac.authorization.k8s.io", "v1", "ClusterRole"),
                    new GroupVersionKind("rbac.authorization.k8s.io", "v1", "ClusterRoleBinding"),
                    new GroupVersionKind("scheduling.k8s.io", "v1", "PriorityClass"),
                    new GroupVersionKind("apiextensions.k8s.io", "v1", "CustomResourceDefinition"),
                    new GroupVersionKind("", "v1", "Namespace"),
                    new GroupVersionKind("", "v1", "PersistentVolume"),
                    new GroupVersionKind("", "v1", "Node"),
                    new GroupVersionKind("storage.k8s.io", "v1", "StorageClass"),
                    new GroupVersionKind("networking.k8s.io", "v1", "IngressClass"),
                    new GroupVersionKind("admissionregistration.k8s.io", "v1", "ValidatingWebhookConfiguration"),
                    new GroupVersionKind("apiregistration.k8s.io", "v1", "APIService"),
                    new GroupVersionKind("authorization.k8s.io", "v1", "SubjectAccessReview"));
            for (GroupVersionKind gvk : clusterScoped) {
                assertThat(k8s.find(gvk.group(), gvk.version(), gvk.kind()))
                        .as(gvk.toString())
                        .hasValueSatisfying(r -> assertThat(r.namespaced()).as(gvk + " namespaced").isFalse());
            }
            for (GroupVersionKind gvk : List.of(
                    new GroupVersionKind("", "v1", "PersistentVolumeClaim"),
                    new GroupVersionKind("rbac.authorization.k8s.io", "v1", "Role"),
                    new GroupVersionKind("policy", "v1", "PodDisruptionBudget"),
                    new GroupVersionKind("authorization.k8s.io", "v1", "LocalSubjectAccessReview"),
                    new GroupVersionKind("coordination.k8s.io", "v1", "Lease"))) {
                assertThat(k8s.find(gvk.group(), gvk.version(), gvk.kind()))
                        .as(gvk.toString())
                        .hasValueSatisfying(r -> assertThat(r.namespaced()).as(gvk + " namespaced").isTrue());
            }
        }

        @Test
        void servesEveryListedVersionAndNoBetaOrCustomApis() {
            StaticApiSurface k8s = ApiSurfaces.kubernetes();

            assertThat(k8s.servedVersions("autoscaling", "HorizontalPodAutoscaler")).containsExactly("v1", "v2");
            assertThat(k8s.find("policy", "v1beta1", "PodDisruptionBudget")).isEmpty();
            assertThat(k8s.find("apiextensions.k8s.io", "v1beta1", "CustomResourceDefinition")).isEmpty();
            assertThat(k8s.servesKind("monitoring.coreos.com", "ServiceMonitor")).isFalse();
            assertThat(k8s.servesKind("operators.coreos.com", "ClusterServiceVersion")).isFalse();
            assertThat(k8s.listsEveryVersion("apps", "Deployment")).isTrue();
        }

        @Test
        void builtInAddsOlm() {
            StaticApiSurface builtIn = ApiSurfaces.builtIn();

            assertThat(builtIn.description()).isEqualTo("built-in kubernetes 1.34 + OLM v0 APIs");
            assertThat(builtIn.find("operators.coreos.com", "v1alpha1", "ClusterServiceVersion"))
                    .contains(new ApiResource("operators.coreos.com", "v1alpha1", "ClusterServiceVersion",
                            "clusterserviceversions", true));
            assertThat(builtIn.find("", "v1", "ConfigMap")).isPresent();
            assertThat(builtIn.resources()).hasSize(
                    ApiSurfaces.kubernetes().resources().size() + ApiSurfaces.olm().resources().size());
        }
    }

    @Nested
    class KubectlTable {

        @Test
        void parsesPlainOutputWithEmptyShortNames() throws Exception {
            StaticApiSurface surface = ApiSurfaces.parse(resource("kubectl-api-resources.txt"), "cluster.txt");

            assertThat(surface.description()).isEqualTo("kubectl api-resources file cluster.txt");
            assertThat(surface.resources()).hasSize(23);
            assertThat(surface.find("", "v1", "Secret"))
                    .contains(new ApiResource("", "v1", "Secret", "secrets", true));
            assertThat(surface.find("", "v1", "Binding"))
                    .contains(new ApiResource("", "v1", "Binding", "bindings", true));
            assertThat(surface.find("rbac.authorization.k8s.io", "v1", "ClusterRole"))
                    .contains(new ApiResource("rbac.authorization.k8s.io", "v1", "ClusterRole", "clusterroles", false));
            assertThat(surface.find("monitoring.coreos.com", "v1", "ServiceMonitor"))
                    .contains(new ApiResource("monitoring.coreos.com", "v1", "ServiceMonitor", "servicemonitors", true));
            assertThat(surface.find("events.k8s.io", "v1", "Event")).isPresent();
        }

        @Test
        void aKubectlSurfaceListsPreferredVersionsOnly() throws Exception {
            StaticApiSurface surface = ApiSurfaces.parse(resource("kubectl-api-resources.txt"), "cluster.txt");

            assertThat(surface.listsEveryVersion("autoscaling", "HorizontalPodAutoscaler")).isFalse();
            assertThat(surface.servedVersions("autoscaling", "HorizontalPodAutoscaler")).containsExactly("v2");
        }

        @Test
        void parsesWideOutputByColumnPositions() throws Exception {
            StaticApiSurface plain = ApiSurfaces.parse(resource("kubectl-api-resources.txt"), "a.txt");
            StaticApiSurface wide = ApiSurfaces.parse(resource("kubectl-api-resources-wide.txt"), "b.txt");

            assertThat(wide.resources()).isEqualTo(plain.resources());
        }

        @Test
        void readsAFile(@TempDir Path dir) throws Exception {
            Path file = dir.resolve("api-resources.txt");
            Files.writeString(file, resource("kubectl-api-resources.txt"));

            StaticApiSurface surface = ApiSurfaces.fromFile(file);

            assertThat(surface.description()).isEqualTo("kubectl api-resources file " + file);
            assertThat(surface.find("policy", "v1", "PodDisruptionBudget")).isPresent();
        }

        @Test
        void badNamespacedCellNamesFileAndLine() {
            String text = """
                    NAME         SHORTNAMES   APIVERSION   NAMESPACED   KIND
                    configmaps   cm           v1           true         ConfigMap
                    secrets                   v1           maybe        Secret
                    """;

            assertThatThrownBy(() -> ApiSurfaces.parse(text, "api.txt"))
                    .isInstanceOf(InputFileException.class)
                    .hasMessage("api.txt:3: NAMESPACED cell is \"maybe\"; expected true or false");
        }

        @Test
        void misalignedRowIsReported() {
            String text = """
                    NAME         SHORTNAMES   APIVERSION   NAMESPACED   KIND
                    configmaps cm v1 true ConfigMap
                    """;

            assertThatThrownBy(() -> ApiSurfaces.parse(text, "api.txt"))
                    .isInstanceOf(InputFileException.class)
                    .hasMessageStartingWith("api.txt:2: row does not line up with the header's");
        }

        @Test
        void oldKubectlHeaderIsExplained() {
            String text = """
                    NAME         SHORTNAMES   APIGROUP   NAMESPACED   KIND
                    configmaps   cm                      true         ConfigMap
                    """;

            assertThatThrownBy(() -> ApiSurfaces.parse(text, "old.txt"))
                    .isInstanceOf(InputFileException.class)
                    .hasMessage("old.txt:1: the table has an APIGROUP column but no APIVERSION column "
                            + "(kubectl older than 1.20); run a newer kubectl api-resources");
        }

        @Test
        void headerWithoutRowsIsAnError() {
            assertThatThrownBy(() -> ApiSurfaces.parse("NAME   SHORTNAMES   APIVERSION   NAMESPACED   KIND\n", "e.txt"))
                    .isInstanceOf(InputFileException.class)
                    .hasMessage("e.txt:1: the kubectl api-resources table has no rows");
        }

        @Test
        void stderrBeforeTheHeaderIsReported() {
            String text = "Warning: metrics.k8s.io/v1beta1 is unavailable\n"
                    + "NAME      SHORTNAMES   APIVERSION   NAMESPACED   KIND\n"
                    + "secrets                v1           true         Secret\n";

            assertThatThrownBy(() -> ApiSurfaces.parse(text, "api.txt"))
                    .isInstanceOf(InputFileException.class)
                    .hasMessage("api.txt:1: unexpected text before the kubectl api-resources header on line 2; remove it");
        }

        @Test
        void otherTablesAreRejected() {
            assertThatThrownBy(() -> ApiSurfaces.parse("NAME   READY   STATUS\nfoo    1/1     Running\n", "pods.txt"))
                    .isInstanceOf(InputFileException.class)
                    .hasMessage("pods.txt:1: looks like a table but the header is not kubectl api-resources' "
                            + "(NAME SHORTNAMES APIVERSION NAMESPACED KIND)");
        }

        @Test
        void conflictingDuplicateRowIsReported() {
            String text = """
                    NAME      SHORTNAMES   APIVERSION   NAMESPACED   KIND
                    secrets                v1           true         Secret
                    secrets                v1           false        Secret
                    """;

            assertThatThrownBy(() -> ApiSurfaces.parse(text, "d.txt"))
                    .isInstanceOf(InputFileException.class)
                    .hasMessage("d.txt:3: v1 Secret is listed again with a different scope than on line 2");
        }
    }

    @Nested
    class YamlList {

        @Test
        void acceptsBothEntryShapesAndGuessesPlurals() throws Exception {
            String text = """
                    # served by the test cluster
                    - {group: monitoring.coreos.com, version: v1, kind: ServiceMonitor, plural: servicemonitors, namespaced: true}
                    - apiVersion: autoscaling.k8s.io/v1
                      kind: VerticalPodAutoscaler
                      namespaced: true
                    - apiVersion: v1
                      kind: Secret
                      namespaced: "true"
                    - version: v1
                      kind: Namespace
                      plural: namespaces
                      namespaced: false
                      verbs: [get, list]
                    - apiVersion: example.com/v1
                      kind: Policy
                      namespaced: false
                    """;

            StaticApiSurface surface = ApiSurfaces.parse(text, "surface.yaml");

            assertThat(surface.description()).isEqualTo("API surface file surface.yaml");
            assertThat(surface.resources()).containsExactly(
                    new ApiResource("monitoring.coreos.com", "v1", "ServiceMonitor", "servicemonitors", true),
                    new ApiResource("autoscaling.k8s.io", "v1", "VerticalPodAutoscaler", "verticalpodautoscalers", true),
                    new ApiResource("", "v1", "Secret", "secrets", true),
                    new ApiResource("", "v1", "Namespace", "namespaces", false),
                    new ApiResource("example.com", "v1", "Policy", "policies", false));
            assertThat(surface.listsEveryVersion("example.com", "Policy")).isTrue();
        }

        @Test
        void acceptsJson() throws Exception {
            StaticApiSurface surface = ApiSurfaces.parse(
                    "[{\"apiVersion\": \"policy/v1\", \"kind\": \"PodDisruptionBudget\", \"namespaced\": true}]", "s.json");

            assertThat(surface.resources()).containsExactly(
                    new ApiResource("policy", "v1", "PodDisruptionBudget", "poddisruptionbudgets", true));
        }

        @Test
        void missingScopeNamesTheLine() {
            String text = """
                    - apiVersion: v1
                      kind: Secret
                      namespaced: true
                    - apiVersion: v1
                      kind: ConfigMap
                    """;

            assertThatThrownBy(() -> ApiSurfaces.parse(text, "s.yaml"))
                    .isInstanceOf(InputFileException.class)
                    .hasMessage("s.yaml:4: entry for ConfigMap has no field namespaced; write true or false");
        }

        @Test
        void apiVersionAndGroupTogetherAreRejected() {
            String text = "- {apiVersion: v1, group: \"\", kind: Secret, namespaced: true}\n";

            assertThatThrownBy(() -> ApiSurfaces.parse(text, "s.yaml"))
                    .isInstanceOf(InputFileException.class)
                    .hasMessage("s.yaml:1: entry for Secret gives both apiVersion and group/version; give one or the other");
        }

        @Test
        void aMappingAtTheTopIsRejected() {
            assertThatThrownBy(() -> ApiSurfaces.parse("resources:\n- kind: Secret\n", "s.yaml"))
                    .isInstanceOf(InputFileException.class)
                    .hasMessage("s.yaml:1: expected a list of entries at the top level");
        }

        @Test
        void badScopeValueIsReported() {
            assertThatThrownBy(() -> ApiSurfaces.parse("- {apiVersion: v1, kind: Secret, namespaced: yes please}\n", "s.yaml"))
                    .isInstanceOf(InputFileException.class)
                    .hasMessage("s.yaml:1: entry for Secret: field namespaced is \"yes please\"; write true or false");
        }

        @Test
        void anchorsAreRejected() {
            String text = """
                    - &secret {apiVersion: v1, kind: Secret, namespaced: true}
                    - *secret
                    """;

            assertThatThrownBy(() -> ApiSurfaces.parse(text, "s.yaml"))
                    .isInstanceOf(InputFileException.class)
                    .hasMessage("s.yaml:1: YAML anchor \"&secret\" is not supported; write the values out in full");
        }

        @Test
        void missingFileIsOneLine(@TempDir Path dir) {
            Path missing = dir.resolve("nope.yaml");

            assertThatThrownBy(() -> ApiSurfaces.fromFile(missing))
                    .isInstanceOf(InputFileException.class)
                    .hasMessage(missing + ": no such file");
        }
    }
}
