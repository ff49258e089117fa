package dev.bundlectl.plan;

import dev.bundlectl.bundle.testing.TestBundles;
import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.plan.model.Step;
import static dev.bundlectl.bundle.testing.TestBundles.bundle;
import static dev.bundlectl.bundle.testing.TestBundles.csv;
import static dev.bundlectl.bundle.testing.TestBundles.manifest;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bundlectl.bundle.Bundle;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.plan.api.ApiResource;
import dev.bundlectl.plan.api.ApiSurface;
import dev.bundlectl.plan.api.ApiSurfaces;
import dev.bundlectl.plan.api.UncheckedApiSurface;
import dev.bundlectl.plan.convert.ConversionPolicy;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** When the planner converts objects of removed API versions, and how the plan shows it. */
class ConversionPlanningTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static Manifest v1beta1Crd() {
        return manifest("manifests/widgets.crd.yaml", """
                apiVersion: apiextensions.k8s.io/v1beta1
                kind: CustomResourceDefinition
                metadata: {name: widgets.example.com}
                spec:
                  group: example.com
                  names: {kind: Widget, plural: widgets}
                  scope: Namespaced
                  version: v1alpha1
                  validation:
                    openAPIV3Schema:
                      type: object
                      properties:
                        spec: {type: object, required: [size], properties: {size: {type: integer}}}
                """);
    }

    /** A bundle's own v1beta1 CRD for a kind registry+v1 bundles may carry, so its objects are planned. */
    private static Manifest v1beta1MonitorCrd() {
        return manifest("manifests/monitors.crd.yaml", """
                apiVersion: apiextensions.k8s.io/v1beta1
                kind: CustomResourceDefinition
                metadata: {name: servicemonitors.monitoring.coreos.com}
                spec:
                  group: monitoring.coreos.com
                  names: {kind: ServiceMonitor, plural: servicemonitors}
                  scope: Namespaced
                  version: v1
                  validation:
                    openAPIV3Schema:
                      type: object
                      properties:
                        spec: {type: object, required: [size], properties: {size: {type: integer}}}
                """);
    }

    private static Manifest monitor(String spec) {
        return manifest("manifests/monitor.yaml", """
                apiVersion: monitoring.coreos.com/v1
                kind: ServiceMonitor
                metadata: {name: m}
                spec: %s
                """.formatted(spec));
    }

    private static Manifest v1beta1ClusterRole() {
        return manifest("manifests/reader.yaml", """
                apiVersion: rbac.authorization.k8s.io/v1beta1
                kind: ClusterRole
                metadata: {name: reader}
                rules: [{apiGroups: [""], resources: [pods], verbs: [get]}]
                """);
    }

    private static Bundle demo(Manifest... more) {
        Manifest[] all = new Manifest[more.length + 1];
        all[0] = csv("demo.v1.0.0");
        System.arraycopy(more, 0, all, 1, more.length);
        return bundle("demo", all);
    }

    private static PlanResult plan(Bundle bundle, ApiSurface surface, ConversionPolicy policy) {
        return new InstallPlanner(policy).plan(bundle, PlanRequest.of("demo", surface, "./demo"));
    }

    private static Step step(PlanResult result, String kind) {
        return result.plan().steps().stream().filter(s -> s.resource().kind().equals(kind)).findFirst().orElseThrow();
    }

    @Test
    void onKubernetes134AV1beta1CrdIsConvertedSaidSoAndTheBundleIsInstallable() throws Exception {
        PlanResult result = plan(demo(v1beta1Crd(), v1beta1ClusterRole()), ApiSurfaces.builtIn(),
                ConversionPolicy.WHEN_NOT_SERVED);

        Step crd = step(result, "CustomResourceDefinition");
        assertThat(crd.resource().version()).isEqualTo("v1");
        assertThat(crd.status()).isEqualTo(StepStatus.UNKNOWN);
        assertThat(crd.message()).isEqualTo("converted from apiextensions.k8s.io/v1beta1");
        JsonNode manifest = JSON.readTree(crd.resource().manifest());
        assertThat(manifest.path("apiVersion").asText()).isEqualTo("apiextensions.k8s.io/v1");
        assertThat(manifest.path("spec").path("versions").get(0).path("name").asText()).isEqualTo("v1alpha1");
        assertThat(step(result, "ClusterRole").resource().version()).isEqualTo("v1");
        assertThat(step(result, "ClusterRole").message()).isEqualTo("converted from rbac.authorization.k8s.io/v1beta1");
        assertThat(result.verdict().installable()).isTrue();
        assertThat(result.plan().status().conditions()).anySatisfy(condition -> {
            assertThat(condition.type()).isEqualTo("Converted");
            assertThat(condition.message()).isEqualTo("2 objects converted from removed API versions: "
                    + "1 apiextensions.k8s.io/v1beta1 to apiextensions.k8s.io/v1 (CustomResourceDefinition), "
                    + "1 rbac.authorization.k8s.io/v1beta1 to rbac.authorization.k8s.io/v1 (ClusterRole)");
        });
        assertThat(result.plan().metadata().annotations()).containsEntry(PlanAnnotations.CONVERTED_FROM,
                "apiextensions.k8s.io/v1beta1,rbac.authorization.k8s.io/v1beta1");
    }

    @Test
    void theConvertedCrdServesItsObjectsAndChecksThem() {
        PlanResult valid = plan(demo(v1beta1MonitorCrd(), monitor("{size: 3}")), ApiSurfaces.builtIn(),
                ConversionPolicy.WHEN_NOT_SERVED);
        PlanResult invalid = plan(demo(v1beta1MonitorCrd(), monitor("{}")), ApiSurfaces.builtIn(),
                ConversionPolicy.WHEN_NOT_SERVED);

        assertThat(step(valid, "ServiceMonitor").status()).isEqualTo(StepStatus.UNKNOWN);
        assertThat(step(valid, "ServiceMonitor").message()).isNull();
        assertThat(valid.verdict().installable()).isTrue();
        assertThat(step(invalid, "ServiceMonitor").status()).isEqualTo(StepStatus.FAILED);
        assertThat(step(invalid, "ServiceMonitor").message()).contains("spec.size: Required value");
    }

    @Test
    void withoutConversionTheRemovedVersionIsPredictedToFailAndNothingIsRecorded() {
        PlanResult result = plan(demo(v1beta1Crd()), ApiSurfaces.builtIn(), ConversionPolicy.NEVER);

        Step crd = step(result, "CustomResourceDefinition");
        assertThat(crd.resource().version()).isEqualTo("v1beta1");
        assertThat(crd.message()).startsWith("GroupVersionKind apiextensions.k8s.io/v1beta1, Kind=CustomResourceDefinition"
                + " not found on the cluster");
        assertThat(result.verdict().installable()).isFalse();
        assertThat(result.plan().status().conditions()).noneMatch(condition -> condition.type().equals("Converted"));
        assertThat(result.plan().metadata().annotations()).doesNotContainKey(PlanAnnotations.CONVERTED_FROM);
    }

    @Test
    void aTargetThatStillServesTheRemovedVersionGetsTheObjectAsWritten() {
        ApiSurface old = ApiSurface.union(ApiSurfaces.builtIn(), surfaceOf(new ApiResource("apiextensions.k8s.io",
                "v1beta1", "CustomResourceDefinition", "customresourcedefinitions", false)));

        PlanResult result = plan(demo(v1beta1Crd()), old, ConversionPolicy.WHEN_NOT_SERVED);

        assertThat(step(result, "CustomResourceDefinition").resource().version()).isEqualTo("v1beta1");
        assertThat(step(result, "CustomResourceDefinition").message()).isNull();
    }

    @Test
    void aReviewedPlansRecordedConversionsApplyWhateverTheSurface() {
        PlanResult result = plan(demo(v1beta1Crd(), v1beta1ClusterRole()), new UncheckedApiSurface(),
                ConversionPolicy.exactly(Set.of("apiextensions.k8s.io/v1beta1")));

        assertThat(step(result, "CustomResourceDefinition").resource().version()).isEqualTo("v1");
        assertThat(step(result, "ClusterRole").resource().version()).isEqualTo("v1beta1");
    }

    @Test
    void aCrdThatCannotBeConvertedFailsItsStepWithTheReasonAndAWarningNamesFileObjectAndField() {
        Manifest untyped = manifest("manifests/gadgets.crd.yaml", """
                apiVersion: apiextensions.k8s.io/v1beta1
                kind: CustomResourceDefinition
                metadata: {name: gadgets.example.com}
                spec:
                  group: example.com
                  names: {kind: Gadget, plural: gadgets}
                  version: v1
                  validation:
                    openAPIV3Schema:
                      properties:
                        spec: {properties: {size: {type: integer}}}
                """);

        PlanResult result = plan(demo(untyped), ApiSurfaces.builtIn(), ConversionPolicy.WHEN_NOT_SERVED);

        Step crd = step(result, "CustomResourceDefinition");
        assertThat(crd.status()).isEqualTo(StepStatus.FAILED);
        assertThat(crd.resource().version()).isEqualTo("v1beta1");
        assertThat(crd.message()).isEqualTo("cannot be converted from apiextensions.k8s.io/v1beta1 to "
                + "apiextensions.k8s.io/v1, which built-in kubernetes 1.34 + OLM v0 APIs serves instead: "
                + "spec.versions[0].schema.openAPIV3Schema.properties[spec].type: Required value: must not be empty for"
                + " specified object fields");
        assertThat(result.verdict().installable()).isFalse();
        assertThat(result.diagnostics().all()).anySatisfy(warning -> assertThat(warning.toString())
                .contains("manifests/gadgets.crd.yaml")
                .contains("CustomResourceDefinition/gadgets.example.com")
                .contains("spec.versions[0].schema.openAPIV3Schema.properties[spec].type"));
    }

    private static ApiSurface surfaceOf(ApiResource resource) {
        return dev.bundlectl.plan.api.StaticApiSurface.of("old cluster", List.of(resource));
    }
}
