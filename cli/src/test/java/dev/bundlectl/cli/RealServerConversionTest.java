package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.executor.testing.RealApiServerExtension.Served;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bundles whose CRDs are {@code apiextensions.k8s.io/v1beta1} on a real kube-apiserver 1.26.4,
 * which serves only v1: planned offline, reviewed and installed with {@code --plan-file}, the CRDs
 * are converted and the server stores them as v1; a reviewed plan whose recorded conversion was
 * removed no longer matches the bundle; and {@code --no-convert} plans them as written (yaks 0.3.0,
 * kept in {@code testdata/real-bundles}), predicted to fail.
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerConversionTest {

    private static final String YAKS = TestPaths.arg("testdata/real-bundles/yaks/0.3.0");

    /** A bundle with one v1beta1 CRD in the old style: one version, a top-level schema and columns. */
    private static String gizmoBundle(Path dir) {
        return TestBundleDirectory.create(dir.resolve("bundle"), "gizmos")
                .write("manifests/gizmos.crd.yaml", """
                        apiVersion: apiextensions.k8s.io/v1beta1
                        kind: CustomResourceDefinition
                        metadata: {name: gizmos.convert.bundlectl.dev}
                        spec:
                          group: convert.bundlectl.dev
                          names: {kind: Gizmo, plural: gizmos}
                          scope: Namespaced
                          version: v1alpha1
                          subresources: {status: {}}
                          additionalPrinterColumns:
                          - {name: Size, type: integer, JSONPath: .spec.size}
                          validation:
                            openAPIV3Schema:
                              properties:
                                spec:
                                  type: object
                                  properties:
                                    size: {type: integer, minimum: 1}
                                    port: {anyOf: [{type: string}, {type: integer}]}
                        """).toString();
    }

    @Test
    void aReviewedPlanWithConvertedCrdsInstallsThemAsV1(@Served(RealApiServer.Flavour.OLM) RealApiServer server,
            @TempDir Path dir) throws IOException {
        RealCluster cluster = RealCluster.in(server, "convert");
        String ns = cluster.namespace();
        CliRun plan = CliRun.of("plan", gizmoBundle(dir), "-n", ns, "-o", "yaml");
        assertThat(plan.exitCode()).as(plan.toString()).isZero();
        assertThat(plan.out()).contains("converted from apiextensions.k8s.io/v1beta1")
                .contains("\\\"converted\\\":[\\\"apiextensions.k8s.io/v1beta1\\\"]");
        Path file = dir.resolve("plan.yaml");
        Files.writeString(file, plan.out());

        CliRun install = cluster.run("install", "--plan-file", file.toString(), "-n", ns);

        assertThat(install.exitCode()).as(install.toString()).isZero();
        GenericKubernetesResource crd = cluster.getClusterScoped("apiextensions.k8s.io/v1",
                "CustomResourceDefinition", "customresourcedefinitions", "gizmos.convert.bundlectl.dev");
        assertThat(crd).isNotNull();
        @SuppressWarnings("unchecked")
        Map<String, Object> spec = (Map<String, Object>) crd.getAdditionalProperties().get("spec");
        assertThat(spec).doesNotContainKeys("validation", "subresources", "additionalPrinterColumns",
                "preserveUnknownFields");
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> versions = (List<Map<String, Object>>) spec.get("versions");
        assertThat(versions).extracting(version -> version.get("name")).containsExactly("v1alpha1");
        assertThat(versions.get(0)).containsKeys("schema", "subresources");
        assertThat(versions.get(0).get("additionalPrinterColumns").toString()).contains("jsonPath=.spec.size");
        assertThat(versions.get(0).get("schema").toString()).contains("x-kubernetes-preserve-unknown-fields=true")
                .contains("x-kubernetes-int-or-string=true");
    }

    @Test
    void aReviewedPlanWhoseRecordedConversionWasRemovedIsRefused(@TempDir Path dir) throws IOException {
        CliRun plan = CliRun.of("plan", gizmoBundle(dir), "-n", "convert-edited", "-o", "yaml");
        Path file = dir.resolve("plan.yaml");
        Files.writeString(file, plan.out().replace(",\\\"converted\\\":[\\\"apiextensions.k8s.io/v1beta1\\\"]", ""));

        // Refused before any kubeconfig is read: the file no longer matches the bundle planned as recorded.
        CliRun install = CliRun.of("install", "--plan-file", file.toString(), "--kubeconfig",
                dir.resolve("missing-kubeconfig").toString());

        assertThat(install.exitCode()).as(install.toString()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(install.err()).contains("CustomResourceDefinition/gizmos.convert.bundlectl.dev");
    }

    @Test
    void withNoConvertTheV1beta1CrdsArePredictedToFailAndThePlanRecordsIt() {
        CliRun plan = CliRun.of("plan", YAKS, "--no-convert", "-o", "yaml");

        assertThat(plan.exitCode()).as(plan.toString()).isEqualTo(ExitCode.PLAN_FAILED);
        assertThat(plan.out()).contains("GroupVersionKind apiextensions.k8s.io/v1beta1, Kind=CustomResourceDefinition"
                + " not found on the cluster").contains("\\\"convert\\\":false").doesNotContain("type: Converted");
    }
}
