package dev.bundlectl.plan.planned;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.plan.PayloadPlanRequest;
import dev.bundlectl.plan.PayloadPlanner;
import dev.bundlectl.plan.PlanRequest;
import dev.bundlectl.plan.api.UncheckedApiSurface;
import dev.bundlectl.plan.capability.ManifestFixtures;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.InstallPlanPhase;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepResource;
import dev.bundlectl.plan.model.StepSource;
import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.plan.output.InstallPlanCodec;
import dev.bundlectl.plan.payload.InstallHistory;
import dev.bundlectl.plan.payload.PayloadFilterSettings;
import dev.bundlectl.plan.payload.StepRunGraph;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PlannedInstallTest {

    private static PlannedInstall plannedPayload() {
        List<Manifest> manifests = ManifestFixtures.payload(ManifestFixtures.resource("/payload/runlevels"));
        PayloadPlanRequest request = new PayloadPlanRequest(
                PlanRequest.of("default", new UncheckedApiSurface(), "payload/runlevels"), "runlevels",
                new PayloadFilterSettings(null, null, null), null, InstallHistory.FIRST_INSTALL);
        return new PayloadPlanner().plan(manifests, request).result().planned();
    }

    private static List<Integer> order(StepRunGraph graph) {
        List<Integer> steps = new ArrayList<>();
        for (int node = 0; node < graph.graph().nodes().size(); node++) {
            steps.add(graph.stepOf(node));
        }
        return steps;
    }

    /** The plan as a version from before {@code bundlectl.dev/source} wrote it: provenance in OLM's fields. */
    private static InstallPlan asLegacyPayloadPlan(PlannedInstall planned) {
        List<Step> steps = new ArrayList<>();
        for (PlannedStep step : planned.steps()) {
            StepResource r = step.step().resource();
            steps.add(new Step(r.kind(), new StepResource(r.group(), r.version(), r.kind(), r.name(), r.namespace(),
                    step.source().file(), "payload/runlevels", r.manifest()), false, step.step().status(), null));
        }
        InstallPlan plan = planned.plan();
        return new InstallPlan(plan.metadata(), plan.spec(), new InstallPlan.Status(plan.status().phase(),
                plan.status().conditions(), steps, null, null, null, null));
    }

    private static Step configMapStep(String manifest) {
        return new Step("x", new StepResource("", "v1", "ConfigMap", "n", "ns", "demo", "bundles/demo", manifest),
                false, StepStatus.UNKNOWN, null);
    }

    private static InstallPlan bundlePlan(Step... steps) {
        return new InstallPlan(new InstallPlan.Metadata("p", "ns", Map.of()), new InstallPlan.Spec("Manual", false,
                List.of()), new InstallPlan.Status(InstallPlanPhase.REQUIRES_APPROVAL, List.of(), List.of(steps), null,
                null, null, null));
    }

    @Test
    void thePlannerHandsOverEachObjectWithTheFileItWasReadFrom() {
        PlannedInstall planned = plannedPayload();

        assertThat(planned.steps()).hasSameSizeAs(planned.plan().steps());
        for (int i = 0; i < planned.steps().size(); i++) {
            PlannedStep step = planned.steps().get(i);
            assertThat(step.step()).isEqualTo(planned.plan().steps().get(i));
            assertThat(step.object().toString()).isEqualTo(step.step().resource().manifest());
            assertThat(step.source().payload()).isEqualTo("payload/runlevels");
            assertThat(step.manifest().source().file()).isEqualTo(step.source().file()).endsWith(".yaml");
        }
        assertThat(planned.steps()).extracting(step -> step.source().runLevel() + "/" + step.source().component())
                .contains("05/alpha", "10/gamma-operator");
    }

    @Test
    void aPayloadPlanCarriesItsRunGraphInPlanOrderForBothInstallHistories() {
        PlannedInstall planned = plannedPayload();

        assertThat(planned.payload()).isTrue();
        assertThat(order(planned.payloadOrder().graphFor(true)))
                .isEqualTo(java.util.stream.IntStream.range(0, planned.steps().size()).boxed().toList());
        assertThat(order(planned.payloadOrder().graphFor(false))).hasSize(planned.steps().size());
    }

    @Test
    void aStoredPlanIsReadIntoTheSameShapeAndTheSameRunGraph() {
        PlannedInstall planned = plannedPayload();

        PlannedInstall read = PlannedInstall.read(planned.plan());

        assertThat(read.steps()).extracting(PlannedStep::object)
                .isEqualTo(planned.steps().stream().map(PlannedStep::object).toList());
        assertThat(order(read.payloadOrder().graphFor(true))).isEqualTo(order(planned.payloadOrder().graphFor(true)));
        assertThat(order(read.payloadOrder().graphFor(false)))
                .isEqualTo(order(planned.payloadOrder().graphFor(false)));
    }

    @Test
    void theProvenanceIsWrittenInItsOwnFieldAndReadBackFromYamlAndJson() throws Exception {
        PlannedInstall planned = plannedPayload();
        String yaml = InstallPlanCodec.toYaml(planned.plan());

        PlannedInstall fromYaml = PlannedInstall.read(InstallPlanCodec.parse(yaml, "plan.yaml"));
        PlannedInstall fromJson = PlannedInstall.read(InstallPlanCodec.parse(InstallPlanCodec.toJson(planned.plan()),
                "plan.json"));

        assertThat(yaml).contains("bundlectl.dev/source:", "sourceName: runlevels", "sourceNamespace: \"\"");
        assertThat(fromYaml.steps()).extracting(PlannedStep::source)
                .isEqualTo(planned.steps().stream().map(PlannedStep::source).toList());
        assertThat(fromJson.steps()).extracting(PlannedStep::source)
                .isEqualTo(planned.steps().stream().map(PlannedStep::source).toList());
        assertThat(order(fromYaml.payloadOrder().graphFor(true))).isEqualTo(order(planned.payloadOrder().graphFor(true)));
    }

    @Test
    void aPayloadPlanFromBeforeTheSourceFieldIsStillReadFromItsSourceNames() {
        PlannedInstall planned = plannedPayload();

        PlannedInstall legacy = PlannedInstall.read(asLegacyPayloadPlan(planned));

        assertThat(legacy.steps()).extracting(step -> step.source().file())
                .isEqualTo(planned.steps().stream().map(step -> step.source().file()).toList());
        assertThat(legacy.steps()).extracting(step -> step.source().payload()).containsOnly("payload/runlevels");
        assertThat(order(legacy.payloadOrder().graphFor(true))).isEqualTo(order(planned.payloadOrder().graphFor(true)));
    }

    @Test
    void aBundlePlanFromBeforeTheSourceFieldKeepsItsBundleAndPackage() {
        PlannedInstall read = PlannedInstall.read(bundlePlan(
                configMapStep("{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"n\"}}")));

        StepSource source = read.steps().get(0).source();
        assertThat(source.bundle()).isEqualTo("bundles/demo");
        assertThat(source.packageName()).isEqualTo("demo");
        assertThat(read.payload()).isFalse();
        assertThat(read.payloadOrder()).isNull();
    }

    @Test
    void aStepWhoseManifestIsNotAnObjectIsRefusedNamingTheStep() {
        assertThatThrownBy(() -> PlannedInstall.read(bundlePlan(configMapStep("[1]"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("step 1 (ConfigMap/ns/n): resource.manifest: not a JSON object");
        assertThatThrownBy(() -> PlannedInstall.read(bundlePlan(configMapStep("{"))))
                .hasMessageStartingWith("step 1 (ConfigMap/ns/n): resource.manifest: not valid JSON (");
    }

    @Test
    void anotherDocumentMayChangeStatusesButNotObjects() {
        PlannedInstall planned = plannedPayload();
        InstallPlan plan = planned.plan();
        List<Step> steps = new ArrayList<>(plan.steps());
        steps.set(0, steps.get(0).withStatus(StepStatus.CREATED, "done"));
        InstallPlan newStatuses = plan.withStatus(new InstallPlan.Status(plan.status().phase(),
                plan.status().conditions(), steps, null, null, null, null));

        PlannedInstall rebound = planned.withPlan(newStatuses);

        assertThat(rebound.steps().get(0).step().status()).isEqualTo(StepStatus.CREATED);
        assertThat(rebound.steps().get(0).object()).isSameAs(planned.steps().get(0).object());
        steps.set(0, steps.get(0).withResource(steps.get(0).resource().withManifest("{}")));
        InstallPlan otherObject = plan.withStatus(new InstallPlan.Status(plan.status().phase(),
                plan.status().conditions(), steps, null, null, null, null));
        assertThatThrownBy(() -> planned.withPlan(otherObject)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("step 1 (").hasMessageEndingWith("carries another manifest than the one planned");
    }
}
