package dev.bundlectl.plan.payload;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.PayloadPlanRequest;
import dev.bundlectl.plan.PayloadPlanner;
import dev.bundlectl.plan.PlanRequest;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepResource;
import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.plan.api.UncheckedApiSurface;
import dev.bundlectl.plan.capability.ManifestFixtures;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class StepManifestsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static InstallPlan plannedFixture(List<Manifest> manifests) {
        PayloadPlanRequest request = new PayloadPlanRequest(
                PlanRequest.of("default", new UncheckedApiSurface(), "payload/runlevels"), "runlevels",
                new PayloadFilterSettings(null, null, null), null, InstallHistory.FIRST_INSTALL);
        return new PayloadPlanner().plan(manifests, request).result().plan();
    }

    private static Step step(String sourceName, String manifestJson) {
        return new Step("x", new StepResource("", "v1", "ConfigMap", "n", null, sourceName, "dir", manifestJson),
                false, StepStatus.UNKNOWN, null);
    }

    @Test
    void theRunGraphRebuiltFromAPayloadPlansStepsIsThePlannersOrder() {
        List<Manifest> read = ManifestFixtures.payload(ManifestFixtures.resource("/payload/runlevels"));
        InstallPlan plan = plannedFixture(read);

        StepRunGraph rebuilt = StepRunGraph.build(StepManifests.of(plan), InstallHistory.FIRST_INSTALL);

        assertThat(IntStream.range(0, rebuilt.graph().nodes().size()).map(rebuilt::stepOf).boxed().toList())
                .isEqualTo(IntStream.range(0, plan.steps().size()).boxed().toList());
        assertThat(rebuilt.graph().levels()).extracting(RunLevel::level)
                .isEqualTo(RunGraphBuilder.build(read, InstallHistory.FIRST_INSTALL).levels().stream()
                        .map(RunLevel::level).toList());
    }

    @Test
    void stepsLeftOutAreBridgedAndKeepTheirNeighboursInOrder() {
        InstallPlan plan = plannedFixture(ManifestFixtures.payload(ManifestFixtures.resource("/payload/runlevels")));
        Map<Integer, Manifest> all = StepManifests.of(plan);
        all.remove(1);
        all.remove(5);

        StepRunGraph rebuilt = StepRunGraph.build(all, InstallHistory.FIRST_INSTALL);

        List<Integer> order = new ArrayList<>();
        for (int node = 0; node < rebuilt.graph().nodes().size(); node++) {
            order.add(rebuilt.stepOf(node));
        }
        assertThat(order).doesNotContain(1, 5).isSorted().hasSize(plan.steps().size() - 2);
    }

    @Test
    void aPayloadWithInvalidReleaseAnnotationsIsPlannedWithErrorsInsteadOfThrowing() {
        List<Manifest> manifests = ManifestFixtures.fromYaml("0000_10_demo_00_bad.yaml", """
                apiVersion: v1
                kind: ConfigMap
                metadata:
                  name: bad
                  namespace: demo
                  annotations:
                    release.openshift.io/install-level: "later"
                    release.openshift.io/create-only: "true"
                ---
                apiVersion: v1
                kind: ConfigMap
                metadata:
                  name: gone
                  namespace: demo
                  annotations:
                    release.openshift.io/delete: "yes"
                """);
        PayloadPlanRequest request = new PayloadPlanRequest(
                PlanRequest.of("default", new UncheckedApiSurface(), "payload"), "payload",
                new PayloadFilterSettings(null, null, null), null, InstallHistory.FIRST_INSTALL);

        var result = new PayloadPlanner().plan(manifests, request).result();

        assertThat(result.diagnostics().errors()).extracting(dev.bundlectl.bundle.Diagnostic::object)
                .containsExactly("ConfigMap/bad", "ConfigMap/gone");
        assertThat(result.plan().steps()).extracting(step -> step.resource().name()).containsExactly("bad", "gone");
    }

    @Test
    void aStepBecomesTheManifestItCarriesWithItsSourceAsTheFile() throws Exception {
        ObjectNode body = (ObjectNode) JSON.readTree("""
                {"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"settings","namespace":"openshift-x",
                 "annotations":{"release.openshift.io/install-level":1,"release.openshift.io/create-only":"true"}}}""");

        Manifest manifest = StepManifests.of(step("0000_50_x_01_config.yaml", body.toString()), body, 2);

        assertThat(manifest.source().file()).isEqualTo("0000_50_x_01_config.yaml");
        assertThat(manifest.source().documentIndex()).isEqualTo(2);
        assertThat(manifest.displayName()).isEqualTo("ConfigMap/settings");
        assertThat(manifest.namespace()).isEqualTo("openshift-x");
        assertThat(ReleaseAnnotations.installLevel(manifest)).isEqualTo(1);
        assertThat(ReleaseAnnotations.isCreateOnly(manifest)).isTrue();
    }

    @Test
    void documentIndexesCountStepsOfTheSameSourceAndUnreadableStepsAreLeftOut() {
        String config = "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"%s\"}}";
        InstallPlan plan = new InstallPlan(new InstallPlan.Metadata("p", "default", Map.of()),
                new InstallPlan.Spec("Manual", false, List.of()),
                new InstallPlan.Status(dev.bundlectl.plan.model.InstallPlanPhase.REQUIRES_APPROVAL, List.of(), List.of(
                        step("a.yaml", config.formatted("a0")),
                        step("b.yaml", config.formatted("b0")),
                        step("a.yaml", "not json"),
                        step("a.yaml", config.formatted("a2"))), null, null, null, null));

        Map<Integer, Manifest> manifests = StepManifests.of(plan);

        assertThat(manifests).containsOnlyKeys(0, 1, 3);
        assertThat(manifests.get(3).source()).hasToString("a.yaml[doc 2]");
        assertThat(manifests.get(1).source()).hasToString("b.yaml[doc 0]");
    }

    @Test
    void aStepAsksForDeletionWhateverWayItsJsonSpellsTheAnnotation() {
        String plain = "{\"metadata\":{\"annotations\":{\"release.openshift.io/delete\":\"true\"}}}";
        String escapedSlash = "{\"metadata\":{\"annotations\":{\"release.openshift.io\\/delete\":\"true\"}}}";
        String unicodeEscapes = "{\"metadata\":{\"annotations\":{\"release.openshift.io/\\u0064\\u0065lete\":\"true\"}}}";
        assertThat(StepManifests.asksForDeletion(step("s", plain))).isTrue();
        assertThat(StepManifests.asksForDeletion(step("s", escapedSlash))).isTrue();
        assertThat(StepManifests.asksForDeletion(step("s", unicodeEscapes))).isTrue();
        assertThat(StepManifests.asksForDeletion(step("s", plain.replace("\"true\"", "\"false\"")))).isFalse();
        assertThat(StepManifests.asksForDeletion(step("s", "{\"metadata\":{\"name\":\"delete-me\"}}"))).isFalse();
        assertThat(StepManifests.asksForDeletion(step("s", "{\"rules\":[{\"verbs\":[\"delete\"]}]}"))).isFalse();
        assertThat(StepManifests.asksForDeletion(step("s", "{\"metadata\":{\"name\":\"n\"}}"))).isFalse();
        assertThat(StepManifests.asksForDeletion(step("s", null))).isFalse();
        assertThat(StepManifests.asksForDeletion(step("s", "  "))).isFalse();
    }
}
