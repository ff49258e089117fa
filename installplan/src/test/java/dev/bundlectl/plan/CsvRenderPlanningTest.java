package dev.bundlectl.plan;

import dev.bundlectl.bundle.testing.TestBundles;
import dev.bundlectl.plan.model.ManifestExclusion;
import dev.bundlectl.plan.model.PlanCondition;
import dev.bundlectl.plan.model.InstallPlanPhase;
import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.InstallPlan;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bundlectl.bundle.Bundle;
import dev.bundlectl.bundle.BundleReadResult;
import dev.bundlectl.bundle.read.BundleReader;
import dev.bundlectl.bundle.Diagnostic;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.plan.api.ApiResource;
import dev.bundlectl.plan.api.ApiSurfaces;
import dev.bundlectl.plan.api.StaticApiSurface;
import dev.bundlectl.plan.output.InstallPlanCodec;
import dev.bundlectl.render.CertProvider;
import dev.bundlectl.render.InstallModeType;
import dev.bundlectl.render.RenderOptions;
import dev.bundlectl.plan.RenderedDeployments;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** The planner with {@code --csv-mode}: choosing the mode, and rendered objects as child steps of the CSV. */
class CsvRenderPlanningTest {

    private static final String NS = "cachebox";
    private static final String CACHEBOX_CSV = "cachebox-operator.v0.3.1";

    private final InstallPlanner planner = new InstallPlanner();

    private static Bundle read(String relative) {
        Path root = Path.of(System.getProperty("bundlectl.repoRoot", "..")).toAbsolutePath().normalize();
        BundleReadResult result = new BundleReader().read(root.resolve(relative));
        assertThat(result.bundle()).as(result.diagnostics().errors().toString()).isPresent();
        return result.bundle().get();
    }

    private static final Bundle CACHEBOX = read("samples/bundles/cachebox-operator");
    private static final Bundle MEMCACHE = read("testdata/render/webhook-operator");

    private static PlanRequest request(StaticApiSurface surface, CsvMode mode, RenderOptions options) {
        return PlanRequest.of(NS, surface, "samples/bundles/cachebox-operator").withCsvMode(mode, options);
    }

    private static List<String> rows(PlanResult result) {
        List<String> rows = new ArrayList<>();
        for (Step step : result.plan().steps()) {
            rows.add((step.parent() == null ? "" : "  ") + step.resource().kind() + " "
                    + (step.resource().namespace() == null ? "" : step.resource().namespace() + "/")
                    + step.resource().name() + " " + step.status().wireName());
        }
        return rows;
    }

    private static PlanCondition csvModeCondition(PlanResult result) {
        return result.plan().status().conditions().stream().filter(c -> c.type().equals("CsvMode")).findFirst()
                .orElseThrow();
    }

    @Nested
    class Auto {

        @Test
        void rendersWhenTheSurfaceLacksOlm() {
            PlanResult result = planner.plan(CACHEBOX, request(ApiSurfaces.kubernetes(), CsvMode.AUTO, null));

            PlanCondition condition = csvModeCondition(result);
            assertThat(condition.reason()).isEqualTo("OlmApiNotServed");
            assertThat(condition.status()).isEqualTo("True");
            assertThat(condition.message()).isEqualTo("csv-mode auto: built-in kubernetes 1.34 does not serve"
                    + " operators.coreos.com/v1alpha1 ClusterServiceVersion, so the CSV is rendered into the objects"
                    + " OLM would create; 6 objects for AllNamespaces");
            assertThat(result.plan().metadata().annotations()).containsEntry("bundlectl.dev/csv-mode", "render");
        }

        @Test
        void appliesTheCsvWhenTheSurfaceServesOlm() {
            PlanResult result = planner.plan(CACHEBOX, request(ApiSurfaces.builtIn(), CsvMode.AUTO, null));

            assertThat(csvModeCondition(result).reason()).isEqualTo("OlmApiServed");
            assertThat(result.plan().metadata().annotations()).containsEntry("bundlectl.dev/csv-mode", "olm");
            assertThat(result.plan().steps()).allSatisfy(step -> assertThat(step.parent()).isNull());
            // OLM mode puts the OperatorGroup (offline: assumed absent, so created) and the CSV's RBAC first.
            Step operatorGroup = result.plan().steps().get(0);
            assertThat(operatorGroup.resource().kind()).isEqualTo("OperatorGroup");
            assertThat(operatorGroup.status()).isEqualTo(StepStatus.UNKNOWN);
            assertThat(operatorGroup.message()).isEqualTo("OLM mode: offline, so assumed that cachebox has no"
                    + " OperatorGroup: one is created for AllNamespaces");
            Step csv = result.plan().steps().stream()
                    .filter(step -> step.resource().kind().equals("ClusterServiceVersion")).findFirst().orElseThrow();
            assertThat(csv.status()).isEqualTo(StepStatus.UNKNOWN);
            assertThat(csv.message()).as("offline, OLM's rules across namespaces are assumed met")
                    .startsWith("OLM mode: offline, so assumed that no OperatorGroup of another namespace");
            assertThat(result.verdict().installable()).isTrue();
        }

        @Test
        void anExplicitModeIsReportedAsRequested() {
            PlanResult render = planner.plan(CACHEBOX, request(ApiSurfaces.builtIn(), CsvMode.RENDER, null));
            PlanResult olm = planner.plan(CACHEBOX, request(ApiSurfaces.kubernetes(), CsvMode.OLM, null));

            assertThat(csvModeCondition(render).reason()).isEqualTo("Requested");
            assertThat(render.plan().metadata().annotations()).containsEntry("bundlectl.dev/csv-mode", "render");
            assertThat(csvModeCondition(olm).reason()).isEqualTo("Requested");
            // Without OLM's APIs neither the CSV nor the OperatorGroup OLM mode adds can be applied.
            assertThat(olm.verdict().reasons()).containsExactly(
                    "OperatorGroup/cachebox/cachebox: GroupVersionKind operators.coreos.com/v1, Kind=OperatorGroup "
                            + "not found on the cluster",
                    "ClusterServiceVersion/cachebox/cachebox-operator.v0.3.1: GroupVersionKind "
                            + "operators.coreos.com/v1alpha1, Kind=ClusterServiceVersion not found on the cluster");
        }

        @Test
        void withoutAModeNothingIsAddedAndTheCsvIsApplied() {
            PlanResult result = planner.plan(CACHEBOX, PlanRequest.of(NS, ApiSurfaces.kubernetes(), "b"));

            assertThat(result.plan().status().conditions()).extracting(PlanCondition::type).doesNotContain("CsvMode");
            assertThat(result.plan().metadata().annotations()).doesNotContainKey("bundlectl.dev/csv-mode");
            assertThat(result.plan().steps()).allSatisfy(step -> assertThat(step.parent()).isNull());
        }
    }

    @Nested
    class RenderedSteps {

        private final PlanResult result = planner.plan(CACHEBOX,
                request(ApiSurfaces.kubernetes(), CsvMode.RENDER, null));

        @Test
        void followTheCsvRowWhichIsKeptButNotCreated() {
            assertThat(rows(result)).containsExactly(
                    "ClusterServiceVersion cachebox/" + CACHEBOX_CSV + " NotCreated",
                    "  ServiceAccount cachebox/cachebox-operator Unknown",
                    "  ClusterRole cachebox-operator-cachebox-operator-92507f8e Unknown",
                    "  ClusterRoleBinding cachebox-operator-cachebox-operator-92507f8e Unknown",
                    "  ClusterRole cachebox-operator-cachebox-operator-eb9c5526 Unknown",
                    "  ClusterRoleBinding cachebox-operator-cachebox-operator-eb9c5526 Unknown",
                    "  Deployment cachebox/cachebox-operator Unknown",
                    "CustomResourceDefinition cachebackups.cache.bundlectl.dev Unknown",
                    "CustomResourceDefinition caches.cache.bundlectl.dev Unknown",
                    "ConfigMap cachebox/cachebox-defaults Unknown",
                    "Role cachebox/cachebox-editor Unknown",
                    "Secret cachebox/cachebox-license Unknown",
                    "ClusterRole cachebox-metrics-reader Unknown",
                    "ClusterRoleBinding cachebox-metrics-reader Unknown",
                    "PrometheusRule cachebox/cachebox-operator-alerts NotCreated",
                    "ServiceMonitor cachebox/cachebox-operator-metrics NotCreated",
                    "Service cachebox/cachebox-operator-metrics Unknown",
                    "VerticalPodAutoscaler cachebox/cachebox-operator NotCreated");
            Step csv = result.plan().steps().get(0);
            assertThat(csv.message()).isEqualTo("rendered into 6 objects (csv-mode render)");
            assertThat(csv.parent()).isNull();
        }

        @Test
        void areOrdinaryRequiredStepsOfTheCsv() {
            List<Step> children = result.plan().steps().stream().filter(s -> s.parent() != null).toList();
            assertThat(children).hasSize(6).allSatisfy(step -> {
                assertThat(step.parent()).isEqualTo(CACHEBOX_CSV);
                assertThat(step.resolving()).isEqualTo(CACHEBOX_CSV);
                assertThat(step.optional()).isFalse();
                assertThat(step.resource().sourceName()).isEqualTo("cachebox-operator");
            });
            Step deployment = RenderedDeployments.of(result.plan()).get(0);
            assertThat(deployment.resource().manifest()).contains("\"olm.targetNamespaces\":\"\"");
        }

        @Test
        void makeThePlanInstallableWhereTheCsvAloneWouldFail() {
            PlanResult olm = planner.plan(CACHEBOX, request(ApiSurfaces.kubernetes(), CsvMode.OLM, null));

            assertThat(olm.verdict().installable()).isFalse();
            assertThat(result.verdict().installable()).isTrue();
            assertThat(result.plan().status().phase()).isEqualTo(InstallPlanPhase.REQUIRES_APPROVAL);
            assertThat(result.plan().status().message()).isEqualTo(
                    "18 steps planned against built-in kubernetes 1.34: 14 to apply, 4 not created");
        }

        @Test
        void theParentFieldIsWrittenOnlyForRenderedSteps() throws Exception {
            JsonNode plan = new ObjectMapper().readTree(InstallPlanCodec.toJson(result.plan()));
            JsonNode steps = plan.path("status").path("plan");

            assertThat(steps.get(0).has("parent")).isFalse();
            assertThat(steps.get(1).path("parent").asText()).isEqualTo(CACHEBOX_CSV);
            assertThat(steps.get(steps.size() - 1).has("parent")).isFalse();
            InstallPlan back = InstallPlanCodec.parse(InstallPlanCodec.toYaml(result.plan()), "plan.yaml");
            assertThat(back.steps()).isEqualTo(result.plan().steps());
        }
    }

    @Nested
    class InstallModesAndProviders {

        @Test
        void multiNamespaceStepsCarryTheirOwnNamespaces() {
            PlanResult result = planner.plan(MEMCACHE, request(ApiSurfaces.kubernetes(), CsvMode.RENDER,
                    new RenderOptions(InstallModeType.MULTI_NAMESPACE, List.of("team-a", "team-b"),
                            CertProvider.SERVICE_CA)));

            // The conversion webhook needs AllNamespaces: refused, with a one-line error per reason.
            assertThat(result.diagnostics().errors()).extracting(Diagnostic::toString).containsExactly(
                    "error: manifests/memcache-operator.clusterserviceversion.yaml[doc 0]: ClusterServiceVersion/"
                            + "memcache-operator.v1.4.0: field spec.webhookdefinitions[2]: csv-mode render: conversion"
                            + " webhook cmemcache.kb.io needs install mode AllNamespaces (a CRD is cluster-wide, so its"
                            + " converter must serve every namespace); the install mode is MultiNamespace watching"
                            + " team-a, team-b");
            Step csv = result.plan().steps().get(0);
            assertThat(csv.status()).isEqualTo(StepStatus.FAILED);
            assertThat(csv.message()).startsWith("cannot be rendered (csv-mode render): spec.webhookdefinitions[2]: ");
            assertThat(result.verdict().installable()).isFalse();
            assertThat(result.plan().status().phase()).isEqualTo(InstallPlanPhase.FAILED);
            assertThat(result.plan().steps()).allSatisfy(step -> assertThat(step.parent()).isNull());

            PlanResult cachebox = planner.plan(CACHEBOX, request(ApiSurfaces.kubernetes(), CsvMode.RENDER,
                    new RenderOptions(InstallModeType.SINGLE_NAMESPACE, List.of("shop"), null)));
            assertThat(cachebox.plan().steps()).filteredOn(s -> s.resource().kind().equals("Role"))
                    .extracting(s -> s.resource().namespace(), Step::parent)
                    .containsExactly(tuple(NS, CACHEBOX_CSV), tuple("shop", CACHEBOX_CSV), tuple(NS, null));
        }

        @Test
        void certManagerObjectsFailThePlanWhenCertManagerIsNotServed() {
            PlanResult result = planner.plan(MEMCACHE, request(ApiSurfaces.kubernetes(), CsvMode.RENDER,
                    new RenderOptions(null, List.of(), CertProvider.CERT_MANAGER)));

            assertThat(result.diagnostics().hasErrors()).isFalse();
            assertThat(result.verdict().reasons()).containsExactly(
                    "Issuer/cachebox/memcache-operator-selfsigned: GroupVersionKind cert-manager.io/v1, Kind=Issuer"
                            + " not found on the cluster",
                    "Certificate/cachebox/memcache-operator-controller-manager-service-cert: GroupVersionKind"
                            + " cert-manager.io/v1, Kind=Certificate not found on the cluster");
        }

        @Test
        void withCertManagerServedThePlanIsInstallableAndTheCrdIsPatched() {
            StaticApiSurface withCertManager = ApiSurfaces.kubernetes().plus(List.of(
                    new ApiResource("cert-manager.io", "v1", "Issuer", "issuers", true),
                    new ApiResource("cert-manager.io", "v1", "Certificate", "certificates", true)),
                    "kubernetes + cert-manager");

            PlanResult result = planner.plan(MEMCACHE, request(withCertManager, CsvMode.AUTO,
                    new RenderOptions(null, List.of(), CertProvider.CERT_MANAGER)));

            assertThat(result.verdict().installable()).as(result.verdict().reasons().toString()).isTrue();
            Step crd = result.plan().steps().stream()
                    .filter(s -> s.resource().kind().equals("CustomResourceDefinition")).findFirst().orElseThrow();
            assertThat(crd.parent()).isNull();
            assertThat(crd.resource().manifest()).contains("\"cert-manager.io/inject-ca-from\":"
                    + "\"cachebox/memcache-operator-controller-manager-service-cert\"",
                    "\"name\":\"memcache-operator-controller-manager-service\"");
            assertThat(RenderedDeployments.of(result.plan())).extracting(s -> s.resource().name())
                    .containsExactly("memcache-operator-controller-manager");
        }
    }

    @Nested
    class Interactions {

        @Test
        void anExcludedCsvIsNotRendered() {
            ManifestExclusion noCsv = manifest -> manifest.kind().equals("ClusterServiceVersion")
                    ? Optional.of("capability OperatorLifecycleManager disabled") : Optional.empty();

            PlanResult result = planner.plan(CACHEBOX, request(ApiSurfaces.kubernetes(), CsvMode.RENDER, null)
                    .withExclusions(List.of(noCsv)));

            assertThat(result.plan().steps().get(0).message()).isEqualTo("capability OperatorLifecycleManager disabled");
            assertThat(result.plan().steps()).allSatisfy(step -> assertThat(step.parent()).isNull());
        }

        @Test
        void aBundleObjectWithARenderedObjectsNameIsReportedAsADuplicate() {
            Manifest service = TestBundles.manifest("manifests/service.yaml", """
                    apiVersion: v1
                    kind: Service
                    metadata: {name: memcache-operator-controller-manager-service}
                    """);
            List<Manifest> manifests = new ArrayList<>(MEMCACHE.manifests());
            manifests.add(service);
            Bundle bundle = new Bundle(MEMCACHE.root(), MEMCACHE.annotations(), MEMCACHE.csv(), manifests,
                    MEMCACHE.properties(), MEMCACHE.optionalManifests());

            PlanResult result = planner.plan(bundle, request(ApiSurfaces.kubernetes(), CsvMode.RENDER,
                    new RenderOptions(null, List.of(), CertProvider.SERVICE_CA)));

            assertThat(result.diagnostics().warnings()).extracting(Diagnostic::toString).contains(
                    "warning: manifests/service.yaml: Service/memcache-operator-controller-manager-service: the same"
                            + " object is also defined in manifests/memcache-operator.clusterserviceversion.yaml[doc 0];"
                            + " this later step overwrites it");
        }

        @Test
        void aServiceAccountTheBundleShipsIsNotRenderedAgain() {
            Manifest account = TestBundles.manifest("manifests/sa.yaml", """
                    apiVersion: v1
                    kind: ServiceAccount
                    metadata: {name: cachebox-operator}
                    """);
            List<Manifest> manifests = new ArrayList<>(CACHEBOX.manifests());
            manifests.add(account);
            Bundle bundle = new Bundle(CACHEBOX.root(), CACHEBOX.annotations(), CACHEBOX.csv(), manifests,
                    CACHEBOX.properties(), CACHEBOX.optionalManifests());

            PlanResult result = planner.plan(bundle, request(ApiSurfaces.kubernetes(), CsvMode.RENDER, null));

            assertThat(result.plan().steps()).filteredOn(s -> s.resource().kind().equals("ServiceAccount"))
                    .extracting(Step::parent).containsExactly((String) null);
            assertThat(result.diagnostics().warnings()).isEmpty();
        }
    }
}
