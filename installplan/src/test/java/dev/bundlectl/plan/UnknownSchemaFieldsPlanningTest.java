package dev.bundlectl.plan;

import static dev.bundlectl.bundle.testing.TestBundles.bundle;
import static dev.bundlectl.bundle.testing.TestBundles.csv;
import static dev.bundlectl.bundle.testing.TestCrd.WIDGETS;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bundlectl.bundle.Diagnostic;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.plan.api.ApiSurfaces;
import dev.bundlectl.plan.api.UncheckedApiSurface;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.payload.InstallHistory;
import dev.bundlectl.plan.payload.PayloadFilterSettings;
import dev.bundlectl.plan.review.PlanComparison;
import dev.bundlectl.plan.review.ReviewedStepCheck;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A CRD whose schemas carry keys the API server does not declare is planned as the server keeps
 * it on create: the step's manifest leaves them out, a warning names them, and nothing fails.
 */
class UnknownSchemaFieldsPlanningTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SPEC = "spec.versions[0].schema.openAPIV3Schema.properties.spec";

    private static Manifest describedCrd(String file) {
        return WIDGETS.manifest(file, """
                type: object
                properties:
                  spec:
                    type: object
                    x-descriptors: [urn:alm:descriptor:com.tectonic.ui:text]
                    properties:
                      x-descriptors: {type: string, default: "x", example: {x-templates: []}}
                """);
    }

    private static PlanResult plan() {
        return new InstallPlanner().plan(bundle("demo", csv("demo.v1.0.0"), describedCrd("manifests/widgets.crd.yaml")),
                PlanRequest.of("demo", ApiSurfaces.builtIn(), "./demo").withUse(PlanUse.DOCUMENT));
    }

    private static Step crdStep(List<Step> steps) {
        return steps.stream().filter(s -> s.resource().kind().equals("CustomResourceDefinition")).findFirst()
                .orElseThrow();
    }

    @Test
    void theStepsManifestLeavesTheKeyOutKeepsThePropertyAndThePlanIsInstallable() throws Exception {
        PlanResult result = plan();

        Step crd = crdStep(result.plan().steps());
        JsonNode spec = JSON.readTree(crd.resource().manifest())
                .at("/spec/versions/0/schema/openAPIV3Schema/properties/spec");
        assertThat(spec.has("x-descriptors")).isFalse();
        assertThat(spec.at("/properties/x-descriptors/example/x-templates").isArray()).isTrue();
        assertThat(crd.message()).isNull();
        assertThat(result.verdict().installable()).isTrue();
        assertThat(result.diagnostics().hasErrors()).isFalse();
        assertThat(result.diagnostics().warnings()).filteredOn(w -> SPEC.concat(".x-descriptors").equals(w.field()))
                .extracting(Diagnostic::message)
                .containsExactly("unknown field dropped, as the API server drops it on create");
    }

    @Test
    void planningAgainGivesTheSameManifestsSoTheDigestAndAReviewedPlanFileAgree() {
        PlanResult reviewed = plan();
        PlanResult fresh = plan();

        assertThat(reviewed.plan().metadata().annotations().get(PlanAnnotations.BUNDLE_DIGEST))
                .isEqualTo(BundleDigest.of(fresh.plan().steps()));
        assertThat(PlanComparison.differences(reviewed.plan().steps(), fresh.plan().steps())).isEmpty();
        assertThat(ReviewedStepCheck.problems(reviewed.plan().steps())).isEmpty();
    }

    @Test
    void aReleasePayloadsCrdIsPlannedTheSameWay() throws Exception {
        PayloadPlanRequest request = new PayloadPlanRequest(
                PlanRequest.of("default", new UncheckedApiSurface(), "payload/widgets"), "widgets",
                new PayloadFilterSettings(null, null, null), null, InstallHistory.FIRST_INSTALL);

        PlanResult result = new PayloadPlanner()
                .plan(List.of(describedCrd("0000_50_widgets_00_crd.yaml")), request).result();

        JsonNode manifest = JSON.readTree(crdStep(result.plan().steps()).resource().manifest());
        assertThat(manifest.at("/spec/versions/0/schema/openAPIV3Schema/properties/spec").has("x-descriptors")).isFalse();
        assertThat(result.diagnostics().warnings()).extracting(Diagnostic::field).contains(SPEC + ".x-descriptors");
    }
}
