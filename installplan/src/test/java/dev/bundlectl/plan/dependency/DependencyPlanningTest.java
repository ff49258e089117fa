package dev.bundlectl.plan.dependency;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.bundle.Bundle;
import dev.bundlectl.bundle.Diagnostic;
import dev.bundlectl.bundle.dependency.Dependency;
import dev.bundlectl.bundle.dependency.RequiredGvk;
import dev.bundlectl.bundle.dependency.RequiredPackage;
import dev.bundlectl.bundle.testing.TestBundles;
import dev.bundlectl.bundle.version.SemanticVersion;
import dev.bundlectl.bundle.version.VersionRange;
import dev.bundlectl.plan.InstallPlanner;
import dev.bundlectl.plan.PlanAnnotations;
import dev.bundlectl.plan.PlanRequest;
import dev.bundlectl.plan.PlanResult;
import dev.bundlectl.plan.api.ApiSurfaces;
import dev.bundlectl.plan.model.DependencyState;
import dev.bundlectl.plan.model.InstallPlanPhase;
import dev.bundlectl.plan.model.PlanCondition;
import dev.bundlectl.plan.model.PlanDependency;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.plan.output.InstallPlanCodec;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A bundle's dependencies in its plan: statuses, the CSV step, the condition and warnings. */
class DependencyPlanningTest {

    private static final RequiredPackage ZOOKEEPER =
            new RequiredPackage("zookeeper", VersionRange.read(">=1.2.0 <2.0.0"));
    private static final RequiredGvk CONFIG_MAP = new RequiredGvk("", "v1", "ConfigMap");
    private static final RequiredGvk WIDGET = new RequiredGvk("example.com", "v1", "Widget");
    private static final RequiredGvk GADGET = new RequiredGvk("gadgets.io", "v1", "Gadget");

    private final InstallPlanner planner = new InstallPlanner();

    @Test
    void offlinePackagesAreUnknownWithAWarningAndTheBundleStaysInstallable() {
        PlanResult result = plan(List.of(ZOOKEEPER, CONFIG_MAP, GADGET), DependencyTarget.offline());

        assertThat(result.verdict().installable()).isTrue();
        assertThat(states(result)).containsExactly(DependencyState.UNKNOWN, DependencyState.SATISFIED,
                DependencyState.UNKNOWN);
        assertThat(result.planned().plan().status().dependencies().get(1).message())
                .isEqualTo("served by " + ApiSurfaces.builtIn().description());
        assertThat(condition(result)).extracting(PlanCondition::status, PlanCondition::reason)
                .containsExactly("Unknown", "NotChecked");
        assertThat(result.diagnostics().warnings()).extracting(Diagnostic::message).containsExactly(
                "dependencies not checked offline (plan against the cluster to check them): package zookeeper"
                        + " >=1.2.0 <2.0.0; API gadgets.io/v1 Gadget");
    }

    @Test
    void onALiveTargetWithoutThePackageTheCsvStepFailsNamingIt() {
        PlanResult result = plan(List.of(ZOOKEEPER), DependencyTarget.live(List.of()));

        assertThat(result.verdict().installable()).isFalse();
        assertThat(result.planned().plan().status().phase()).isEqualTo(InstallPlanPhase.FAILED);
        Step csv = result.planned().plan().steps().get(0);
        assertThat(csv.status()).isEqualTo(StepStatus.FAILED);
        assertThat(csv.message()).startsWith("DependenciesNotMet: OLM would not install this bundle without package"
                + " zookeeper >=1.2.0 <2.0.0 (not installed in namespace ops: no install record or CSV of package"
                + " zookeeper)");
        assertThat(result.verdict().reasons()).singleElement().asString().contains("package zookeeper");
        assertThat(condition(result)).extracting(PlanCondition::status, PlanCondition::reason)
                .containsExactly("False", "DependenciesNotMet");
    }

    @Test
    void aPackageIsSatisfiedByAnInstalledVersionInRangeOnly() {
        InstalledPackage old = InstalledPackage.onCluster("zookeeper", version("1.1.0"), "install record ops/zk");
        PlanResult tooOld = plan(List.of(ZOOKEEPER), DependencyTarget.live(List.of(old)));
        assertThat(tooOld.verdict().installable()).isFalse();
        assertThat(tooOld.planned().plan().status().dependencies().get(0).message())
                .isEqualTo("install record ops/zk has 1.1.0, outside >=1.2.0 <2.0.0");

        InstalledPackage fits = InstalledPackage.onCluster("zookeeper", version("1.4.2"), "CSV ops/zookeeper.v1.4.2");
        PlanResult satisfied = plan(List.of(ZOOKEEPER), DependencyTarget.live(List.of(old, fits)));
        assertThat(satisfied.verdict().installable()).isTrue();
        assertThat(satisfied.planned().plan().status().dependencies().get(0))
                .extracting(PlanDependency::status, PlanDependency::message)
                .containsExactly(DependencyState.SATISFIED, "installed: CSV ops/zookeeper.v1.4.2 1.4.2");
        assertThat(condition(satisfied)).extracting(PlanCondition::status, PlanCondition::reason)
                .containsExactly("True", "Satisfied");
    }

    @Test
    void anApiIsSatisfiedByTheBundlesOwnCrdOrByAnEarlierBundleOfTheRun() {
        InstalledPackage earlier = new InstalledPackage("gadgets", version("0.3.0"), "bundle gadgets.v0.3.0",
                List.of(GADGET));
        PlanResult result = plan(List.of(WIDGET, GADGET), DependencyTarget.live(List.of()).plus(earlier));

        assertThat(result.verdict().installable()).isTrue();
        assertThat(result.planned().plan().status().dependencies()).extracting(PlanDependency::message).containsExactly(
                "provided by this bundle's CRD widgets.example.com",
                "provided by bundle gadgets.v0.3.0, installed before this bundle");
    }

    @Test
    void anApiNotServedByALiveClusterIsUnsatisfied() {
        PlanResult result = plan(List.of(GADGET), DependencyTarget.live(List.of()));

        assertThat(result.verdict().installable()).isFalse();
        assertThat(result.planned().plan().status().dependencies().get(0).message()).isEqualTo("not served by the cluster");
    }

    @Test
    void ignoredDependenciesAreReportedAndRecordedButDoNotFail() {
        PlanResult result = plan(List.of(ZOOKEEPER), DependencyTarget.live(List.of()).withIgnored(true));

        assertThat(result.verdict().installable()).isTrue();
        assertThat(result.planned().plan().metadata().annotations())
                .containsEntry(PlanAnnotations.IGNORE_DEPENDENCIES, "true");
        assertThat(states(result)).containsExactly(DependencyState.UNSATISFIED);
        assertThat(condition(result)).extracting(PlanCondition::status, PlanCondition::reason)
                .containsExactly("False", "Ignored");
        assertThat(result.diagnostics().warnings()).extracting(Diagnostic::message).singleElement().asString()
                .startsWith("--ignore-dependencies: the operator may not work without package zookeeper");
    }

    @Test
    void theDocumentListsTheDependenciesInTheStatus() throws Exception {
        String yaml = InstallPlanCodec.toYaml(plan(List.of(ZOOKEEPER, WIDGET), DependencyTarget.offline())
                .planned().plan());

        assertThat(yaml).contains("""
                  dependencies:
                  - type: olm.package
                    packageName: zookeeper
                    versionRange: '>=1.2.0 <2.0.0'
                    status: Unknown
                    message: "not checked: the plan was made offline"
                  - type: olm.gvk
                    group: example.com
                    version: v1
                    kind: Widget
                    status: Satisfied
                    message: provided by this bundle's CRD widgets.example.com
                  plan:
                """);
        assertThat(InstallPlanCodec.parse(yaml, "plan.yaml").status().dependencies()).hasSize(2);
    }

    @Test
    void aBundleWithoutDependenciesHasNoConditionAndNoList() {
        PlanResult result = plan(List.of(), DependencyTarget.live(List.of()));

        assertThat(result.planned().plan().status().dependencies()).isEmpty();
        assertThat(result.planned().plan().status().conditions()).extracting(PlanCondition::type)
                .doesNotContain(DependencyReport.CONDITION);
        assertThat(InstallPlanCodec.toYaml(result.planned().plan())).doesNotContain("dependencies");
    }

    private PlanResult plan(List<Dependency> dependencies, DependencyTarget target) {
        Bundle plain = TestBundles.bundle("widgets", TestBundles.csv("widgets.v1.0.0"), TestBundles.manifest(
                "manifests/widgets.crd.yaml", """
                        apiVersion: apiextensions.k8s.io/v1
                        kind: CustomResourceDefinition
                        metadata:
                          name: widgets.example.com
                        spec:
                          group: example.com
                          names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}
                          scope: Namespaced
                          versions:
                            - name: v1
                              served: true
                              storage: true
                              schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}
                        """));
        Bundle bundle = new Bundle(plain.root(), plain.annotations(), plain.csv(), plain.manifests(),
                plain.properties(), plain.optionalManifests(), dependencies);
        return planner.plan(bundle, PlanRequest.of("ops", ApiSurfaces.builtIn(), null).withDependencies(target));
    }

    private static List<DependencyState> states(PlanResult result) {
        return result.planned().plan().status().dependencies().stream().map(PlanDependency::status).toList();
    }

    private static PlanCondition condition(PlanResult result) {
        return result.planned().plan().status().conditions().stream()
                .filter(condition -> condition.type().equals(DependencyReport.CONDITION)).findFirst().orElseThrow();
    }

    private static SemanticVersion version(String text) {
        return SemanticVersion.parse(text).orElseThrow();
    }
}
