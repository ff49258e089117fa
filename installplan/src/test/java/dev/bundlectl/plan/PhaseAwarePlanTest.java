package dev.bundlectl.plan;

import dev.bundlectl.bundle.testing.TestBundles;
import dev.bundlectl.plan.model.InstallPlanPhase;
import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.plan.model.Step;
import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.plan.api.ApiSurfaces;
import dev.bundlectl.plan.api.UncheckedApiSurface;
import dev.bundlectl.plan.payload.InstallHistory;
import dev.bundlectl.plan.payload.PayloadFilterSettings;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Plans that say what will happen, given what is known about the target: a
 * {@code release.openshift.io/delete} manifest is skipped, with the reason, on a first install,
 * deleted on a later one, and said to depend on it when planned offline; and on a first install
 * every install-level-1 step comes after every level-0 step, OLM's CSV, CRDs, rest order kept within
 * each level. The expected orders and messages are written out here, not computed.
 */
class PhaseAwarePlanTest {

    private static final String NOT_DELETED = "not deleted: a first install deletes nothing (release.openshift.io/delete)";
    private static final String OFFLINE_NOTE = "deleted if present; skipped on a first install";

    private static Manifest configMap(String name, String... annotations) {
        StringBuilder yaml = new StringBuilder("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: " + name + "\n");
        if (annotations.length > 0) {
            yaml.append("  annotations:\n");
            for (String annotation : annotations) {
                yaml.append("    ").append(annotation).append('\n');
            }
        }
        return TestBundles.manifest("manifests/" + name + ".yaml", yaml.toString());
    }

    private static Manifest crd(String plural, String kind, String... annotations) {
        StringBuilder yaml = new StringBuilder("""
                apiVersion: apiextensions.k8s.io/v1
                kind: CustomResourceDefinition
                metadata:
                  name: %s.example.com
                """.formatted(plural));
        if (annotations.length > 0) {
            yaml.append("  annotations:\n");
            for (String annotation : annotations) {
                yaml.append("    ").append(annotation).append('\n');
            }
        }
        yaml.append("""
                spec:
                  group: example.com
                  scope: Namespaced
                  names: {plural: %s, singular: %s, kind: %s}
                  versions:
                  - name: v1
                    served: true
                    storage: true
                    schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}
                """.formatted(plural, kind.toLowerCase(), kind));
        return TestBundles.manifest("manifests/" + plural + ".crd.yaml", yaml.toString());
    }

    private static final String LEVEL_ONE = "release.openshift.io/install-level: \"1\"";
    private static final String CREATE_ONLY = "release.openshift.io/create-only: \"true\"";
    private static final String DELETE = "release.openshift.io/delete: \"true\"";

    private static PlanResult planBundle(InstallHistory phase, Manifest... manifests) {
        List<Manifest> all = new java.util.ArrayList<>(List.of(TestBundles.csv("demo.v1")));
        all.addAll(List.of(manifests));
        return new InstallPlanner().plan(TestBundles.bundle("demo", List.of(), all),
                PlanRequest.of("demo", ApiSurfaces.builtIn(), "bundle").withInstallPhase(phase));
    }

    private static Step step(PlanResult result, String name) {
        return result.plan().steps().stream().filter(step -> step.resource().name().equals(name)).findFirst()
                .orElseThrow();
    }

    private static List<String> order(PlanResult result) {
        return result.plan().steps().stream().map(step -> step.resource().name()).toList();
    }

    @Test
    void onAFirstInstallADeleteManifestIsNotCreatedWithTheReason() {
        PlanResult result = planBundle(InstallHistory.FIRST_INSTALL, configMap("legacy", DELETE));

        assertThat(step(result, "legacy").status()).isEqualTo(StepStatus.NOT_CREATED);
        assertThat(step(result, "legacy").message()).isEqualTo(NOT_DELETED);
        assertThat(result.verdict().installable()).isTrue();
    }

    @Test
    void offlineADeleteManifestIsUnknownWithANoteThatDoesNotFailThePlan() {
        PlanResult result = planBundle(InstallHistory.UNKNOWN, configMap("legacy", DELETE));

        assertThat(step(result, "legacy").status()).isEqualTo(StepStatus.UNKNOWN);
        assertThat(step(result, "legacy").message()).isEqualTo(OFFLINE_NOTE);
        assertThat(result.verdict().installable()).as(result.verdict().reasons().toString()).isTrue();
        assertThat(result.plan().status().phase()).isEqualTo(InstallPlanPhase.REQUIRES_APPROVAL);
    }

    @Test
    void onALaterInstallADeleteManifestIsDeletedIfPresent() {
        PlanResult result = planBundle(InstallHistory.UPDATE, configMap("legacy", DELETE));

        assertThat(step(result, "legacy").status()).isEqualTo(StepStatus.UNKNOWN);
        assertThat(step(result, "legacy").message()).isEqualTo("deleted if present (release.openshift.io/delete)");
        assertThat(result.verdict().installable()).isTrue();
    }

    @Test
    void aDeleteManifestOfAnUnservedKindDoesNotFailThePlan() {
        Manifest widget = TestBundles.manifest("manifests/old-widget.yaml", """
                apiVersion: gone.example.com/v1
                kind: PodMonitor
                metadata:
                  name: old-widget
                  annotations:
                    release.openshift.io/delete: "true"
                """);

        PlanResult result = planBundle(InstallHistory.UPDATE, widget);

        assertThat(result.verdict().installable()).as(result.verdict().reasons().toString()).isTrue();
    }

    @Test
    void onAFirstInstallLevelOneStepsComeAfterEveryLevelZeroStepInOlmOrderWithinEachLevel() {
        PlanResult result = planBundle(InstallHistory.FIRST_INSTALL,
                configMap("late", LEVEL_ONE, CREATE_ONLY),
                crd("gadgets", "Gadget", LEVEL_ONE, CREATE_ONLY),
                configMap("a"),
                crd("widgets", "Widget"),
                configMap("b"));

        assertThat(order(result)).containsExactly("demo.v1", "widgets.example.com", "a", "b",
                "gadgets.example.com", "late");
    }

    @Test
    void offlineThePlanShowsTheFirstInstallsOrder() {
        PlanResult result = planBundle(InstallHistory.UNKNOWN,
                configMap("late", LEVEL_ONE, CREATE_ONLY), configMap("a"), crd("widgets", "Widget"));

        assertThat(order(result)).containsExactly("demo.v1", "widgets.example.com", "a", "late");
    }

    @Test
    void onALaterInstallLevelsAreIgnoredAndOlmOrderStays() {
        PlanResult result = planBundle(InstallHistory.UPDATE,
                configMap("late", LEVEL_ONE, CREATE_ONLY),
                crd("gadgets", "Gadget", LEVEL_ONE, CREATE_ONLY),
                configMap("a"),
                crd("widgets", "Widget"));

        assertThat(order(result)).containsExactly("demo.v1", "gadgets.example.com", "widgets.example.com", "late", "a");
    }

    @Test
    void aPayloadDeleteManifestFollowsTheSameRules() {
        Manifest legacy = TestBundles.manifest("0000_10_demo_01_legacy.yaml", """
                apiVersion: v1
                kind: ConfigMap
                metadata:
                  name: legacy
                  namespace: demo
                  annotations:
                    release.openshift.io/delete: "true"
                """);
        PayloadPlanner planner = new PayloadPlanner();
        PlanRequest base = PlanRequest.of("demo", new UncheckedApiSurface(), "payload");
        PayloadFilterSettings noFilters = new PayloadFilterSettings(null, null, null);

        Step first = planner.plan(List.of(legacy), new PayloadPlanRequest(base, "payload", noFilters, null,
                InstallHistory.FIRST_INSTALL)).result().plan().steps().get(0);
        Step offline = planner.plan(List.of(legacy), new PayloadPlanRequest(base, "payload", noFilters, null,
                InstallHistory.UNKNOWN)).result().plan().steps().get(0);

        assertThat(first.status()).isEqualTo(StepStatus.NOT_CREATED);
        assertThat(first.message()).isEqualTo(NOT_DELETED);
        assertThat(offline.status()).isEqualTo(StepStatus.UNKNOWN);
        assertThat(offline.message()).isEqualTo(OFFLINE_NOTE);
    }
}
