package dev.bundlectl.plan;

import dev.bundlectl.bundle.testing.TestBundles;
import dev.bundlectl.plan.model.InstallPlanPhase;
import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.plan.model.Step;
import static dev.bundlectl.bundle.testing.TestBundles.bundle;
import static dev.bundlectl.bundle.testing.TestBundles.csv;
import static dev.bundlectl.bundle.testing.TestBundles.manifest;
import static dev.bundlectl.bundle.testing.TestBundles.object;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.bundlectl.bundle.Bundle;
import dev.bundlectl.bundle.Diagnostic;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.OptionalManifestRef;
import dev.bundlectl.plan.api.ApiSurfaces;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Planning with an install-time optional policy ({@code --optional-api}): the steps a rule names
 * are optional as if the bundle listed them, say so in their message, and the kinds that are never
 * optional stay required with a warning. Against the default surface, which serves neither
 * {@code monitoring.coreos.com} nor {@code autoscaling.k8s.io}.
 */
class OptionalApiPlanningTest {

    private static final String CSV_NAME = "demo-operator.v1.2.3";

    private static final Manifest MONITOR = object("monitor.yaml", "monitoring.coreos.com/v1", "ServiceMonitor", "demo-metrics");
    private static final Manifest RULE = object("rule.yaml", "monitoring.coreos.com/v1", "PrometheusRule", "demo-alerts");
    private static final Manifest VPA = object("vpa.yaml", "autoscaling.k8s.io/v1", "VerticalPodAutoscaler", "demo");
    private static final Manifest CONFIG = object("config.yaml", "v1", "ConfigMap", "demo-config");

    private static Bundle monitoredBundle() {
        return bundle("demo", csv(CSV_NAME), CONFIG, MONITOR, RULE);
    }

    private static PlanResult plan(Bundle bundle, String... rules) {
        PlanRequest request = PlanRequest.of("demo", ApiSurfaces.builtIn(), "./bundles/demo")
                .withOptionalApis(new OptionalApis(List.of(rules).stream().map(OptionalApi::parse).toList()));
        return new InstallPlanner().plan(bundle, request);
    }

    private static Step step(PlanResult result, String kind) {
        return result.plan().steps().stream().filter(s -> s.resource().kind().equals(kind)).findFirst().orElseThrow();
    }

    private static List<String> warnings(PlanResult result) {
        return result.diagnostics().warnings().stream().map(Diagnostic::toString).toList();
    }

    @Test
    void withoutThePolicyTheMonitoringStepsFailThePlanAndTheMessageSuggestsTheFlag() {
        PlanResult result = plan(monitoredBundle());

        assertThat(result.verdict().installable()).isFalse();
        assertThat(step(result, "ServiceMonitor").optional()).isFalse();
        assertThat(result.plan().status().message()).isEqualTo("predicted to fail against built-in kubernetes 1.34"
                + " + OLM v0 APIs: ServiceMonitor/demo/demo-metrics: GroupVersionKind monitoring.coreos.com/v1,"
                + " Kind=ServiceMonitor not found on the cluster; PrometheusRule/demo/demo-alerts: GroupVersionKind"
                + " monitoring.coreos.com/v1, Kind=PrometheusRule not found on the cluster;"
                + " pass --optional-api monitoring.coreos.com to install without them");
    }

    @Test
    void aGroupMakesEveryStepOfItOptionalAndNotCreatedNamingTheRule() {
        PlanResult result = plan(monitoredBundle(), "monitoring.coreos.com");

        assertThat(result.plan().steps()).extracting(s -> s.resource().kind(), Step::optional, Step::status,
                Step::message, Step::optionalBy).containsExactly(
                tuple("ClusterServiceVersion", false, StepStatus.UNKNOWN, null, null),
                tuple("ConfigMap", false, StepStatus.UNKNOWN, null, null),
                tuple("ServiceMonitor", true, StepStatus.NOT_CREATED,
                        "API monitoring.coreos.com/v1 ServiceMonitor is not served (optional by --optional-api "
                                + "monitoring.coreos.com)", "--optional-api monitoring.coreos.com"),
                tuple("PrometheusRule", true, StepStatus.NOT_CREATED,
                        "API monitoring.coreos.com/v1 PrometheusRule is not served (optional by --optional-api "
                                + "monitoring.coreos.com)", "--optional-api monitoring.coreos.com"));
        assertThat(result.verdict()).isEqualTo(PlanVerdict.INSTALLABLE);
        assertThat(result.plan().status().phase()).isEqualTo(InstallPlanPhase.REQUIRES_APPROVAL);
        assertThat(warnings(result)).isEmpty();
    }

    @Test
    void aGroupAndKindMakesOnlyThatKindOptionalAndTheRestStillFailsWithAHintForIt() {
        PlanResult result = plan(monitoredBundle(), "monitoring.coreos.com/ServiceMonitor");

        assertThat(step(result, "ServiceMonitor").optional()).isTrue();
        assertThat(step(result, "ServiceMonitor").message())
                .endsWith("(optional by --optional-api monitoring.coreos.com/ServiceMonitor)");
        assertThat(step(result, "PrometheusRule").optional()).isFalse();
        assertThat(result.verdict().reasons()).containsExactly("PrometheusRule/demo/demo-alerts: GroupVersionKind "
                + "monitoring.coreos.com/v1, Kind=PrometheusRule not found on the cluster");
        assertThat(result.plan().status().message())
                .endsWith("; pass --optional-api monitoring.coreos.com to install without them");
    }

    @Test
    void aStepWhoseApiIsServedStaysToBeAppliedAndSaysNothingOfTheRule() {
        Manifest pdb = object("pdb.yaml", "policy/v1", "PodDisruptionBudget", "demo");

        PlanResult result = plan(bundle("demo", csv(CSV_NAME), pdb), "policy");

        Step step = step(result, "PodDisruptionBudget");
        assertThat(step.optional()).isTrue();
        assertThat(step.status()).isEqualTo(StepStatus.UNKNOWN);
        assertThat(step.message()).isNull();
        assertThat(step.optionalBy()).isEqualTo("--optional-api policy");
    }

    @Test
    void theBundlesOwnListComesFirstAndItsStepsNameNoRule() {
        OptionalManifestRef listed = new OptionalManifestRef("monitoring.coreos.com", "ServiceMonitor", null, "demo-metrics");
        Bundle bundle = bundle("demo", List.of(listed), List.of(csv(CSV_NAME), MONITOR, RULE));

        PlanResult result = plan(bundle, "monitoring.coreos.com");

        assertThat(step(result, "ServiceMonitor").message()).isEqualTo(
                "API monitoring.coreos.com/v1 ServiceMonitor is not served");
        assertThat(step(result, "ServiceMonitor").optionalBy()).isNull();
        assertThat(step(result, "PrometheusRule").optionalBy()).isEqualTo("--optional-api monitoring.coreos.com");
    }

    @Test
    void theKindsThatAreNeverOptionalStayRequiredWithAWarningNamingTheStep() {
        Manifest role = object("role.yaml", "rbac.authorization.k8s.io/v1", "ClusterRole", "demo-reader");
        Manifest crd = manifest("manifests/crd.yaml", """
                apiVersion: apiextensions.k8s.io/v1
                kind: CustomResourceDefinition
                metadata: {name: widgets.example.com}
                spec:
                  group: example.com
                  names: {kind: Widget, plural: widgets}
                  scope: Namespaced
                  versions: [{name: v1, served: true, storage: true}]
                """);

        PlanResult result = plan(bundle("demo", csv(CSV_NAME), crd, role),
                "rbac.authorization.k8s.io", "apiextensions.k8s.io", "operators.coreos.com/ClusterServiceVersion");

        assertThat(result.plan().steps()).extracting(s -> s.resource().kind(), Step::optional, Step::optionalBy)
                .containsExactly(
                        tuple("ClusterServiceVersion", false, null),
                        tuple("CustomResourceDefinition", false, null),
                        tuple("ClusterRole", false, null));
        assertThat(warnings(result)).containsExactly(
                "warning: manifests/" + CSV_NAME + ".clusterserviceversion.yaml: ClusterServiceVersion/" + CSV_NAME
                        + ": --optional-api operators.coreos.com/ClusterServiceVersion does not make a"
                        + " ClusterServiceVersion optional (its API is always there where OLM runs); this step stays required",
                "warning: manifests/crd.yaml: CustomResourceDefinition/widgets.example.com: --optional-api"
                        + " apiextensions.k8s.io does not make a CustomResourceDefinition optional (its API is always"
                        + " there where OLM runs); this step stays required",
                "warning: manifests/role.yaml: ClusterRole/demo-reader: --optional-api rbac.authorization.k8s.io"
                        + " does not make a ClusterRole optional (its API is always there where OLM runs); this step"
                        + " stays required");
    }

    @Test
    void aRuleThatNamesNothingInTheBundleIsWarnedAbout() {
        PlanResult result = plan(bundle("demo", csv(CSV_NAME), CONFIG, VPA),
                "monitoring.coreos.com", "autoscaling.k8s.io/HorizontalPodAutoscaler", "autoscaling.k8s.io");

        assertThat(warnings(result)).containsExactly(
                "warning: --optional-api monitoring.coreos.com: no object of the bundle is of API group "
                        + "monitoring.coreos.com; the option has no effect",
                "warning: --optional-api autoscaling.k8s.io/HorizontalPodAutoscaler: no object of the bundle is a "
                        + "HorizontalPodAutoscaler of API group autoscaling.k8s.io; the option has no effect");
        assertThat(step(result, "VerticalPodAutoscaler").optionalBy()).isEqualTo("--optional-api autoscaling.k8s.io");
    }

    @Test
    void anObjectTheServerWouldRefuseIsNotCreatedNamingTheRule() {
        Manifest badPdb = object("pdb.yaml", "policy/v1", "PodDisruptionBudget", "Not_A_Name");

        PlanResult result = plan(bundle("demo", csv(CSV_NAME), badPdb), "policy");

        Step step = step(result, "PodDisruptionBudget");
        assertThat(step.status()).isEqualTo(StepStatus.NOT_CREATED);
        assertThat(step.message()).startsWith("PodDisruptionBudget.policy \"Not_A_Name\" is invalid: metadata.name")
                .endsWith(" (optional by --optional-api policy)");
        assertThat(result.verdict().installable()).isTrue();
    }

    @Test
    void noHintWhenARequiredStepFailsForAnotherReason() {
        Manifest consolePlugin = object("plugin.yaml", "console.openshift.io/v1", "ConsolePlugin", "demo");
        Manifest badConfig = object("config.yaml", "v1", "ConfigMap", "Not_A_Name");

        assertThat(UnservedApiHint.of(plan(bundle("demo", csv(CSV_NAME), consolePlugin, badConfig)).plan().steps()))
                .isEmpty();
        assertThat(UnservedApiHint.of(plan(bundle("demo", csv(CSV_NAME), consolePlugin)).plan().steps()))
                .contains("pass --optional-api console.openshift.io to install without them");
        PlanResult withoutOlm = new InstallPlanner().plan(bundle("demo", csv(CSV_NAME), MONITOR),
                PlanRequest.of("demo", ApiSurfaces.kubernetes(), "b").withCsvMode(CsvMode.OLM, null));
        assertThat(withoutOlm.verdict().installable()).isFalse();
        assertThat(UnservedApiHint.of(withoutOlm.plan().steps())).as("a CSV can never be optional").isEqualTo(Optional.empty());
    }

    @Test
    void theHintNamesEachGroupOnceInStepOrder() {
        PlanResult result = plan(bundle("demo", csv(CSV_NAME), VPA, MONITOR, RULE));

        assertThat(UnservedApiHint.of(result.plan().steps()))
                .contains("pass --optional-api autoscaling.k8s.io --optional-api monitoring.coreos.com to install without them");
    }
}
