package dev.bundlectl.plan;

import dev.bundlectl.bundle.testing.TestBundles;
import dev.bundlectl.plan.model.Approval;
import dev.bundlectl.plan.model.ManifestExclusion;
import dev.bundlectl.plan.model.CapabilitiesStatus;
import dev.bundlectl.plan.model.PlanCondition;
import dev.bundlectl.plan.model.InstallPlanPhase;
import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.plan.model.StepResource;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.InstallPlan;
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
import dev.bundlectl.plan.api.ApiResource;
import dev.bundlectl.plan.api.ApiSurfaces;
import dev.bundlectl.plan.api.StaticApiSurface;
import dev.bundlectl.plan.convert.ConversionPolicy;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class InstallPlannerTest {

    private static final String CSV_NAME = "demo-operator.v1.2.3";
    private static final String NS = "demo";

    private final InstallPlanner planner = new InstallPlanner();

    private static PlanRequest request() {
        return PlanRequest.of(NS, ApiSurfaces.builtIn(), "./bundles/demo");
    }

    private static Manifest configMap(String name, String namespace) {
        return manifest("manifests/" + name + ".configmap.yaml", """
                apiVersion: v1
                kind: ConfigMap
                metadata:
                  name: %s%s
                data:
                  mode: fast
                """.formatted(name, namespace == null ? "" : "\n  namespace: " + namespace));
    }

    private static Manifest crd(String plural, String group, String kind, String scope, String... versions) {
        StringBuilder list = new StringBuilder();
        for (String version : versions) {
            list.append("  - {name: ").append(version).append(", served: true, storage: ")
                    .append(version.equals(versions[0])).append("}\n");
        }
        return manifest("manifests/" + plural + "." + group + ".crd.yaml", """
                apiVersion: apiextensions.k8s.io/v1
                kind: CustomResourceDefinition
                metadata:
                  name: %s.%s
                spec:
                  group: %s
                  names: {kind: %s, plural: %s}
                  scope: %s
                  versions:
                %s""".formatted(plural, group, group, kind, plural, scope, list));
    }

    private static Manifest serviceMonitor() {
        return object("monitor.yaml", "monitoring.coreos.com/v1", "ServiceMonitor", "demo-metrics");
    }

    private static OptionalManifestRef optional(Manifest manifest) {
        return new OptionalManifestRef(manifest.group(), manifest.kind(), null, manifest.name());
    }

    private static List<String> kindsAndNames(PlanResult result) {
        return result.plan().steps().stream().map(s -> s.resource().kind() + "/" + s.resource().name()).toList();
    }

    private static Step step(PlanResult result, String kind) {
        return result.plan().steps().stream().filter(s -> s.resource().kind().equals(kind)).findFirst().orElseThrow();
    }

    @Nested
    class StepsAndOrder {

        @Test
        void csvFirstThenCrdsThenTheRestInBundleOrder() {
            Manifest roleBefore = object("a-role.yaml", "rbac.authorization.k8s.io/v1", "Role", "a-role");
            Bundle bundle = bundle("demo", configMap("settings", null), crd("widgets", "example.com", "Widget",
                    "Namespaced", "v1"), roleBefore, csv(CSV_NAME), object("sa.yaml", "v1", "ServiceAccount", "demo"),
                    crd("gadgets", "example.com", "Gadget", "Cluster", "v1"),
                    object("svc.yaml", "v1", "Service", "demo-svc"));

            PlanResult result = planner.plan(bundle, request());

            assertThat(kindsAndNames(result)).containsExactly(
                    "ClusterServiceVersion/" + CSV_NAME,
                    "CustomResourceDefinition/widgets.example.com",
                    "CustomResourceDefinition/gadgets.example.com",
                    "ConfigMap/settings",
                    "Role/a-role",
                    "ServiceAccount/demo",
                    "Service/demo-svc");
        }

        @Test
        void aCsvWithAnOddApiVersionStillGoesFirst() {
            Manifest oddCsv = manifest("manifests/csv.yaml", """
                    apiVersion: v1alpha1
                    kind: ClusterServiceVersion
                    metadata: {name: odd.v1}
                    spec: {displayName: Odd, install: {strategy: deployment, spec: {deployments: []}}}
                    """);

            PlanResult result = planner.plan(bundle("demo", configMap("settings", null), oddCsv), request());

            assertThat(kindsAndNames(result)).containsExactly("ClusterServiceVersion/odd.v1", "ConfigMap/settings");
            // OLM reads every CSV as operators.coreos.com/v1alpha1, whatever apiVersion it declares.
            assertThat(result.verdict().installable()).isTrue();
            Step csvStep = result.plan().steps().get(0);
            assertThat(csvStep.resource().apiVersion()).isEqualTo("operators.coreos.com/v1alpha1");
            assertThat(csvStep.resource().manifest()).startsWith("{\"apiVersion\":\"operators.coreos.com/v1alpha1\"");
            assertThat(result.diagnostics().warnings()).anySatisfy(warning -> {
                assertThat(warning.field()).isEqualTo("apiVersion");
                assertThat(warning.message()).isEqualTo("apiVersion \"v1alpha1\" is read as operators.coreos.com/v1alpha1, "
                        + "as OLM reads every ClusterServiceVersion");
            });
        }

        @Test
        void eachStepCarriesTheBundleIdentityAndCompactManifest() {
            Bundle bundle = bundle("demo-pkg", csv(CSV_NAME), configMap("settings", null));

            Step step = step(planner.plan(bundle, request()), "ConfigMap");

            assertThat(step.resolving()).isEqualTo(CSV_NAME);
            assertThat(step.resource()).isEqualTo(new StepResource("", "v1", "ConfigMap", "settings", NS, "demo-pkg",
                    StepResource.NO_CATALOG_NAMESPACE,
                    "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"settings\"},"
                            + "\"data\":{\"mode\":\"fast\"}}"));
            assertThat(step.optional()).isFalse();
            assertThat(step.status()).isEqualTo(StepStatus.UNKNOWN);
            assertThat(step.message()).isNull();
            assertThat(step.source().bundle()).isEqualTo("./bundles/demo");
            assertThat(step.source().packageName()).isEqualTo("demo-pkg");
        }

        @Test
        void theStepSourceDefaultsToTheBundleRoot() {
            Bundle bundle = bundle("demo-pkg", csv(CSV_NAME));

            PlanResult result = planner.plan(bundle, PlanRequest.of(NS, ApiSurfaces.builtIn(), null));

            assertThat(result.plan().steps().get(0).source().bundle()).isEqualTo("/bundles/demo-pkg");
        }

        @Test
        void aCsvMissingFromTheManifestListIsPutFirst() {
            Manifest csv = csv(CSV_NAME);
            Bundle full = bundle("demo", csv, configMap("settings", null));
            Bundle withoutCsv = new Bundle(full.root(), full.annotations(), csv, List.of(configMap("settings", null)),
                    List.of(), List.of());

            assertThat(kindsAndNames(planner.plan(withoutCsv, request())))
                    .containsExactly("ClusterServiceVersion/" + CSV_NAME, "ConfigMap/settings");
        }

        @Test
        void aDifferentDefinitionOfTheSameObjectIsWarnedAbout() {
            Manifest first = configMap("settings", null);
            Manifest second = manifest("manifests/z-settings.yaml", """
                    apiVersion: v1
                    kind: ConfigMap
                    metadata: {name: settings}
                    data: {mode: slow}
                    """);

            PlanResult result = planner.plan(bundle("demo", csv(CSV_NAME), first, second), request());

            assertThat(result.diagnostics().all()).extracting(Diagnostic::toString).containsExactly(
                    "warning: manifests/z-settings.yaml: ConfigMap/settings: the same object is also defined in "
                            + "manifests/settings.configmap.yaml; this later step overwrites it");
        }
    }

    @Nested
    class Namespaces {

        @Test
        void namespacedObjectsGoToTheTargetAndAnotherNamespaceIsReplacedWithAWarning() {
            Bundle bundle = bundle("demo", csv(CSV_NAME), configMap("settings", "elsewhere"),
                    configMap("same", NS));

            PlanResult result = planner.plan(bundle, request());

            assertThat(result.plan().steps()).extracting(s -> s.resource().namespace()).containsExactly(NS, NS, NS);
            assertThat(result.diagnostics().all()).extracting(Diagnostic::toString).containsExactly(
                    "warning: manifests/settings.configmap.yaml: ConfigMap/settings: field metadata.namespace: "
                            + "namespace \"elsewhere\" is replaced by the install namespace \"demo\"");
        }

        @Test
        void theOperatorSdkPlaceholderNamespaceOfACsvIsReplacedSilently() {
            Manifest csv = manifest("manifests/demo.csv.yaml", """
                    apiVersion: operators.coreos.com/v1alpha1
                    kind: ClusterServiceVersion
                    metadata: {name: demo.v1, namespace: placeholder}
                    spec: {displayName: Demo, install: {strategy: deployment, spec: {deployments: []}}}
                    """);

            PlanResult result = planner.plan(bundle("demo", csv), request());

            assertThat(result.plan().steps().get(0).resource().namespace()).isEqualTo(NS);
            assertThat(result.diagnostics().all()).isEmpty();
        }

        @Test
        void clusterScopedObjectsGetNoNamespace() {
            Manifest clusterRole = manifest("manifests/role.yaml", """
                    apiVersion: rbac.authorization.k8s.io/v1
                    kind: ClusterRole
                    metadata: {name: demo-reader, namespace: demo}
                    """);
            Bundle bundle = bundle("demo", csv(CSV_NAME), clusterRole,
                    object("pc.yaml", "scheduling.k8s.io/v1", "PriorityClass", "high"));

            PlanResult result = planner.plan(bundle, request());

            assertThat(step(result, "ClusterRole").resource().namespace()).isNull();
            assertThat(step(result, "PriorityClass").resource().namespace()).isNull();
            assertThat(result.diagnostics().all()).extracting(Diagnostic::toString).containsExactly(
                    "warning: manifests/role.yaml: ClusterRole/demo-reader: field metadata.namespace: "
                            + "ClusterRole is cluster-scoped; namespace \"demo\" is ignored");
        }

        @Test
        void scopeComesFromTheBundlesCrds() {
            Bundle bundle = bundle("demo", csv(CSV_NAME),
                    crd("verticalpodautoscalers", "autoscaling.k8s.io", "VerticalPodAutoscaler", "Cluster", "v1"),
                    object("vpa.yaml", "autoscaling.k8s.io/v1", "VerticalPodAutoscaler", "demo-vpa"));

            Step vpa = step(planner.plan(bundle, request()), "VerticalPodAutoscaler");

            assertThat(vpa.resource().namespace()).isNull();
        }

        @Test
        void unknownApisFallBackToKnownScopesWithoutErrors() {
            Bundle bundle = bundle("demo", csv(CSV_NAME),
                    object("sample.yaml", "console.openshift.io/v1", "ConsoleYAMLSample", "demo-sample"),
                    object("monitor.yaml", "monitoring.coreos.com/v1", "ServiceMonitor", "demo-metrics"),
                    object("role.yaml", "rbac.authorization.k8s.io/v1beta1", "ClusterRole", "old-role"));

            PlanResult result = planner.plan(bundle, request());

            assertThat(step(result, "ConsoleYAMLSample").resource().namespace()).isNull();
            assertThat(step(result, "ServiceMonitor").resource().namespace()).isEqualTo(NS);
            assertThat(step(result, "ClusterRole").resource().namespace()).isNull();
            assertThat(result.diagnostics().hasErrors()).isFalse();
        }
    }

    @Nested
    class OptionalSteps {

        @Test
        void listedManifestsAreOptionalExceptCoreKinds() {
            Manifest monitor = serviceMonitor();
            Manifest secret = object("secret.yaml", "v1", "Secret", "demo-secret");
            Manifest rule = object("rule.yaml", "monitoring.coreos.com/v1", "PrometheusRule", "demo-rules");
            Bundle bundle = bundle("demo", List.of(optional(monitor), optional(secret)),
                    List.of(csv(CSV_NAME), monitor, secret, rule));

            PlanResult result = planner.plan(bundle, request().withPlanName("p"));

            assertThat(result.plan().steps()).extracting(s -> s.resource().kind(), Step::optional).containsExactly(
                    tuple("ClusterServiceVersion", false),
                    tuple("ServiceMonitor", true),
                    tuple("Secret", false),
                    tuple("PrometheusRule", false));
        }

        @Test
        void anOptionalStepWhoseApiIsNotServedIsNotCreatedAndThePlanIsInstallable() {
            Manifest monitor = serviceMonitor();
            Bundle bundle = bundle("demo", List.of(optional(monitor)), List.of(csv(CSV_NAME), monitor));

            PlanResult result = planner.plan(bundle, request());

            Step step = step(result, "ServiceMonitor");
            assertThat(step.status()).isEqualTo(StepStatus.NOT_CREATED);
            assertThat(step.message()).isEqualTo("API monitoring.coreos.com/v1 ServiceMonitor is not served");
            assertThat(result.verdict()).isEqualTo(PlanVerdict.INSTALLABLE);
            assertThat(result.plan().status().phase()).isEqualTo(InstallPlanPhase.REQUIRES_APPROVAL);
            assertThat(result.plan().status().message()).isEqualTo(
                    "2 steps planned against built-in kubernetes 1.34 + OLM v0 APIs: 1 to apply, 1 not created");
            assertThat(result.plan().status().conditions()).isEmpty();
        }

        @Test
        void theMessageNamesTheVersionsThatAreServed() {
            Manifest pdb = object("pdb.yaml", "policy/v1beta1", "PodDisruptionBudget", "demo-pdb");
            Bundle bundle = bundle("demo", List.of(optional(pdb)), List.of(csv(CSV_NAME), pdb));

            // Without conversion, which would otherwise turn the removed version into the served one.
            Step step = step(new InstallPlanner(ConversionPolicy.NEVER).plan(bundle, request()), "PodDisruptionBudget");

            assertThat(step.status()).isEqualTo(StepStatus.NOT_CREATED);
            assertThat(step.message()).isEqualTo("API policy/v1beta1 PodDisruptionBudget is not served (served version: v1)");
        }
    }

    @Nested
    class PredictedFailures {

        @Test
        void aRequiredStepWhoseApiIsNotServedFailsThePlan() {
            Bundle bundle = bundle("demo", csv(CSV_NAME), serviceMonitor(), configMap("settings", null));

            PlanResult result = planner.plan(bundle, request());

            Step step = step(result, "ServiceMonitor");
            assertThat(step.status()).isEqualTo(StepStatus.UNKNOWN);
            assertThat(step.message()).isEqualTo(
                    "GroupVersionKind monitoring.coreos.com/v1, Kind=ServiceMonitor not found on the cluster");
            String reason = "ServiceMonitor/demo/demo-metrics: GroupVersionKind monitoring.coreos.com/v1, "
                    + "Kind=ServiceMonitor not found on the cluster";
            assertThat(result.verdict()).isEqualTo(new PlanVerdict.PredictedToFail(List.of(reason)));
            InstallPlan.Status status = result.plan().status();
            assertThat(status.phase()).isEqualTo(InstallPlanPhase.FAILED);
            assertThat(status.message())
                    .isEqualTo("predicted to fail against built-in kubernetes 1.34 + OLM v0 APIs: " + reason
                            + "; pass --optional-api monitoring.coreos.com to install without them");
            assertThat(status.conditions()).containsExactly(new PlanCondition("Installed", "False",
                    "InstallComponentFailed", "required steps cannot be installed: " + reason, null));
        }

        @Test
        void withoutConversionV1beta1CrdsAreNotServedByKubernetes134() {
            Manifest crd = manifest("manifests/old.crd.yaml", """
                    apiVersion: apiextensions.k8s.io/v1beta1
                    kind: CustomResourceDefinition
                    metadata: {name: olds.example.com}
                    spec: {group: example.com, version: v1, names: {kind: Old, plural: olds}, scope: Namespaced}
                    """);

            PlanResult result = new InstallPlanner(ConversionPolicy.NEVER).plan(bundle("demo", csv(CSV_NAME), crd),
                    request());

            assertThat(result.verdict().reasons()).containsExactly("CustomResourceDefinition/olds.example.com: "
                    + "GroupVersionKind apiextensions.k8s.io/v1beta1, Kind=CustomResourceDefinition not found on the "
                    + "cluster (served version: v1)");
        }

        @Test
        void unsupportedKindsAreMarkedAndFailThePlanOnlyWhenRequired() {
            Manifest deployment = object("deploy.yaml", "apps/v1", "Deployment", "demo");
            Manifest optionalJob = object("job.yaml", "batch/v1", "Job", "migrate");
            Bundle bundle = bundle("demo", List.of(optional(optionalJob)), List.of(csv(CSV_NAME), deployment, optionalJob));

            PlanResult result = planner.plan(bundle, request());

            assertThat(result.plan().steps()).extracting(s -> s.resource().kind(), Step::status, Step::message)
                    .containsExactly(
                            tuple("ClusterServiceVersion", StepStatus.UNKNOWN, null),
                            tuple("Deployment", StepStatus.UNSUPPORTED_RESOURCE,
                                    "kind Deployment is not supported in a registry+v1 bundle"),
                            tuple("Job", StepStatus.UNSUPPORTED_RESOURCE,
                                    "kind Job is not supported in a registry+v1 bundle"));
            assertThat(result.verdict().reasons()).containsExactly(
                    "Deployment/demo/demo: kind Deployment is not supported in a registry+v1 bundle");
            assertThat(result.plan().status().phase()).isEqualTo(InstallPlanPhase.FAILED);
        }

        @Test
        void anOptionalUnsupportedStepDoesNotFailThePlan() {
            Manifest job = object("job.yaml", "batch/v1", "Job", "migrate");
            Bundle bundle = bundle("demo", List.of(optional(job)), List.of(csv(CSV_NAME), job));

            PlanResult result = planner.plan(bundle, request());

            assertThat(result.verdict().installable()).isTrue();
            assertThat(result.plan().status().message()).isEqualTo(
                    "2 steps planned against built-in kubernetes 1.34 + OLM v0 APIs: 1 to apply, 0 not created, "
                            + "1 unsupported");
        }

        @Test
        void withoutOlmTheCsvCannotBeCreated() {
            PlanResult result = planner.plan(bundle("demo", csv(CSV_NAME)),
                    PlanRequest.of(NS, ApiSurfaces.kubernetes(), "b"));

            assertThat(result.verdict().reasons()).containsExactly("ClusterServiceVersion/demo/" + CSV_NAME
                    + ": GroupVersionKind operators.coreos.com/v1alpha1, Kind=ClusterServiceVersion not found on the cluster");
        }
    }

    @Nested
    class Surfaces {

        @Test
        void theBundlesCrdsServeItsObjects() {
            Bundle bundle = bundle("demo", csv(CSV_NAME),
                    crd("verticalpodautoscalers", "autoscaling.k8s.io", "VerticalPodAutoscaler", "Namespaced", "v1"),
                    object("vpa.yaml", "autoscaling.k8s.io/v1", "VerticalPodAutoscaler", "demo-vpa"));

            PlanResult result = planner.plan(bundle, request());

            assertThat(step(result, "VerticalPodAutoscaler").status()).isEqualTo(StepStatus.UNKNOWN);
            assertThat(step(result, "VerticalPodAutoscaler").message()).isNull();
            assertThat(result.verdict().installable()).isTrue();
        }

        @Test
        void anExcludedCrdServesNothing() {
            Manifest vpaCrd = crd("verticalpodautoscalers", "autoscaling.k8s.io", "VerticalPodAutoscaler",
                    "Namespaced", "v1");
            Bundle bundle = bundle("demo", csv(CSV_NAME), vpaCrd,
                    object("vpa.yaml", "autoscaling.k8s.io/v1", "VerticalPodAutoscaler", "demo-vpa"));
            ManifestExclusion noCrds = m -> m.kind().equals("CustomResourceDefinition")
                    ? Optional.of("capability Autoscaling disabled") : Optional.empty();

            PlanResult result = planner.plan(bundle, request().withExclusions(List.of(noCrds)));

            assertThat(step(result, "CustomResourceDefinition").status()).isEqualTo(StepStatus.NOT_CREATED);
            assertThat(step(result, "VerticalPodAutoscaler").message()).isEqualTo(
                    "GroupVersionKind autoscaling.k8s.io/v1, Kind=VerticalPodAutoscaler not found on the cluster");
        }

        @Test
        void aVersionMissingFromAKubectlFileIsAssumedServedWithAWarning() {
            StaticApiSurface kubectl = StaticApiSurface.preferredVersionsOnly("kubectl api-resources file c.txt", List.of(
                    new ApiResource("operators.coreos.com", "v1alpha1", "ClusterServiceVersion",
                            "clusterserviceversions", true),
                    new ApiResource("policy", "v1", "PodDisruptionBudget", "poddisruptionbudgets", true)));
            Manifest pdb = object("pdb.yaml", "policy/v1beta1", "PodDisruptionBudget", "demo-pdb");

            PlanResult result = new InstallPlanner(ConversionPolicy.NEVER).plan(bundle("demo", csv(CSV_NAME), pdb),
                    PlanRequest.of(NS, kubectl, "b"));

            assertThat(step(result, "PodDisruptionBudget").status()).isEqualTo(StepStatus.UNKNOWN);
            assertThat(step(result, "PodDisruptionBudget").message()).isNull();
            assertThat(result.verdict().installable()).isTrue();
            assertThat(result.diagnostics().all()).extracting(Diagnostic::toString).containsExactly(
                    "warning: manifests/pdb.yaml: PodDisruptionBudget/demo-pdb: field apiVersion: API policy/v1beta1 "
                            + "PodDisruptionBudget is not listed by kubectl api-resources file c.txt, which lists only "
                            + "preferred versions (served version: v1); assuming it is served");
        }
    }

    @Nested
    class Exclusions {

        @Test
        void anExcludedManifestIsNotCreatedWithEveryRulesReason() {
            ManifestExclusion capability = m -> m.kind().equals("ConfigMap")
                    ? Optional.of("capability Console disabled") : Optional.empty();
            ManifestExclusion profile = m -> m.name().equals("settings")
                    ? Optional.of("profile hypershift not included") : Optional.empty();
            ManifestExclusion never = m -> Optional.empty();
            Bundle bundle = bundle("demo", csv(CSV_NAME), configMap("settings", null), configMap("other", null));

            PlanResult result = planner.plan(bundle, request().withExclusions(List.of(capability, never, profile)));

            assertThat(result.plan().steps()).extracting(s -> s.resource().name(), Step::status, Step::message)
                    .containsExactly(
                            tuple(CSV_NAME, StepStatus.UNKNOWN, null),
                            tuple("settings", StepStatus.NOT_CREATED,
                                    "capability Console disabled; profile hypershift not included"),
                            tuple("other", StepStatus.NOT_CREATED, "capability Console disabled"));
            assertThat(result.verdict().installable()).isTrue();
        }

        @Test
        void anExcludedManifestWithAnUnservedApiIsJustExcluded() {
            ManifestExclusion all = m -> m.kind().equals("ServiceMonitor") ? Optional.of("excluded") : Optional.empty();

            PlanResult result = planner.plan(bundle("demo", csv(CSV_NAME), serviceMonitor()),
                    request().withExclusions(List.of(all)));

            assertThat(step(result, "ServiceMonitor").status()).isEqualTo(StepStatus.NOT_CREATED);
            assertThat(result.verdict().installable()).isTrue();
        }
    }

    @Nested
    class PlanObject {

        @Test
        void metadataSpecAndAnnotations() {
            Bundle bundle = bundle("demo-pkg", csv(CSV_NAME), configMap("settings", null));

            PlanResult result = planner.plan(bundle, request());

            InstallPlan plan = result.plan();
            assertThat(plan.apiVersion()).isEqualTo("operators.coreos.com/v1alpha1");
            assertThat(plan.kind()).isEqualTo("InstallPlan");
            assertThat(plan.metadata().name()).isEqualTo("install-demo-operator.v1.2.3");
            assertThat(plan.metadata().namespace()).isEqualTo(NS);
            assertThat(plan.metadata().annotations()).isEqualTo(Map.of(
                    "bundlectl.dev/bundle-path", "./bundles/demo",
                    "bundlectl.dev/bundle-digest", BundleDigest.of(plan.steps()),
                    "bundlectl.dev/package", "demo-pkg",
                    "bundlectl.dev/api-surface", "built-in kubernetes 1.34 + OLM v0 APIs"));
            assertThat(plan.metadata().annotations().get("bundlectl.dev/bundle-digest")).matches("sha256:[0-9a-f]{64}");
            assertThat(plan.spec()).isEqualTo(new InstallPlan.Spec("Manual", false, List.of(CSV_NAME)));
            assertThat(plan.status().startTime()).isNull();
        }

        @Test
        void approvalNameCapabilitiesAndConditionsFromTheRequest() {
            CapabilitiesStatus capabilities = new CapabilitiesStatus(List.of("Console"), List.of("Console", "Insights"),
                    List.of());
            PlanCondition implicit = new PlanCondition("ImplicitlyEnabledCapabilities", "False", "AsExpected", null, null);
            PlanRequest request = request().withApproval(Approval.AUTOMATIC).withPlanName("reviewed-1")
                    .withCapabilities(capabilities, List.of(implicit));

            InstallPlan plan = planner.plan(bundle("demo", csv(CSV_NAME)), request).plan();

            assertThat(plan.spec()).isEqualTo(new InstallPlan.Spec("Automatic", true, List.of(CSV_NAME)));
            assertThat(plan.metadata().name()).isEqualTo("reviewed-1");
            assertThat(plan.status().capabilities()).isEqualTo(capabilities);
            assertThat(plan.status().conditions()).containsExactly(implicit);
        }

        @Test
        void theDigestChangesWhenAManifestChanges() {
            String before = planner.plan(bundle("demo", csv(CSV_NAME), configMap("settings", null)), request())
                    .plan().metadata().annotations().get(PlanAnnotations.BUNDLE_DIGEST);
            String after = planner.plan(bundle("demo", csv(CSV_NAME), configMap("settings2", null)), request())
                    .plan().metadata().annotations().get(PlanAnnotations.BUNDLE_DIGEST);

            assertThat(after).isNotEqualTo(before);
        }

        @Test
        void theSummaryAgreesWithTheResult() {
            Manifest monitor = serviceMonitor();
            Bundle bundle = bundle("demo", List.of(optional(monitor)),
                    List.of(csv(CSV_NAME), monitor, configMap("a", null), object("d.yaml", "apps/v1", "Deployment", "d")));

            PlanResult result = planner.plan(bundle, request());
            PlanSummary summary = PlanSummary.of(result.plan());

            assertThat(summary.total()).isEqualTo(4);
            assertThat(summary.optional()).isEqualTo(1);
            assertThat(summary.countsByStatus()).containsExactly(
                    Map.entry(StepStatus.UNKNOWN, 2),
                    Map.entry(StepStatus.NOT_CREATED, 1),
                    Map.entry(StepStatus.UNSUPPORTED_RESOURCE, 1));
            assertThat(summary.count(StepStatus.CREATED)).isZero();
            assertThat(summary.phase()).isEqualTo(InstallPlanPhase.FAILED);
            assertThat(summary.verdict()).isEqualTo(result.verdict());
        }
    }

    @Nested
    class RealBundle {

        private static final String AXERA = "_certified/axera-operator/0.7.6";

        @Test
        void axeraOperatorNeedsPrometheusOperatorApis() {
            Bundle bundle = TestBundles.corpusBundle(AXERA, "axera-operator", List.of());

            PlanResult result = planner.plan(bundle, PlanRequest.of("axera", ApiSurfaces.builtIn(), AXERA));

            assertThat(kindsAndNames(result)).containsExactly(
                    "ClusterServiceVersion/" + bundle.csv().name(),
                    "CustomResourceDefinition/axeras.platform.axerasecurity.com",
                    "ClusterRole/axera-operator-axera-admin-role",
                    "ClusterRole/axera-operator-axera-editor-role",
                    "ClusterRole/axera-operator-axera-viewer-role",
                    "Service/axera-operator-controller-manager-metrics-service",
                    "ServiceMonitor/axera-operator-metrics-monitor",
                    "ClusterRole/axera-operator-metrics-reader",
                    "PrometheusRule/axera-platform-alerts");
            assertThat(result.verdict().reasons()).containsExactly(
                    "ServiceMonitor/axera/axera-operator-metrics-monitor: GroupVersionKind "
                            + "monitoring.coreos.com/v1, Kind=ServiceMonitor not found on the cluster",
                    "PrometheusRule/axera/axera-platform-alerts: GroupVersionKind monitoring.coreos.com/v1, "
                            + "Kind=PrometheusRule not found on the cluster");
            assertThat(step(result, "ClusterRole").resource().namespace()).isNull();
            assertThat(step(result, "Service").resource().namespace()).isEqualTo("axera");
        }

        @Test
        void axeraOperatorWithItsMonitoringMarkedOptionalIsInstallable() {
            List<OptionalManifestRef> optional = List.of(
                    new OptionalManifestRef("monitoring.coreos.com", "ServiceMonitor", null,
                            "axera-operator-metrics-monitor"),
                    new OptionalManifestRef("monitoring.coreos.com", "PrometheusRule", null, "axera-platform-alerts"));
            Bundle bundle = TestBundles.corpusBundle(AXERA, "axera-operator", optional);

            PlanResult result = planner.plan(bundle, PlanRequest.of("axera", ApiSurfaces.builtIn(), AXERA));

            assertThat(result.verdict().installable()).isTrue();
            assertThat(PlanSummary.of(result.plan()).count(StepStatus.NOT_CREATED)).isEqualTo(2);
            assertThat(step(result, "PrometheusRule").message())
                    .isEqualTo("API monitoring.coreos.com/v1 PrometheusRule is not served");
        }
    }
}
