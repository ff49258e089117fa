package dev.bundlectl.plan.olm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.bundle.Bundle;
import dev.bundlectl.bundle.BundleReadResult;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.read.BundleReader;
import dev.bundlectl.plan.CsvMode;
import dev.bundlectl.plan.InstallPlanner;
import dev.bundlectl.plan.PlanRequest;
import dev.bundlectl.plan.PlanResult;
import dev.bundlectl.plan.api.ApiResource;
import dev.bundlectl.plan.api.ApiSurface;
import dev.bundlectl.plan.api.ApiSurfaces;
import dev.bundlectl.plan.api.StaticApiSurface;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.render.InstallModeType;
import dev.bundlectl.render.RenderOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * OLM mode in the planner (docs/semantics.md §6), against OLM's rules as written there: what comes
 * before the CSV, the OperatorGroup decisions, and the CSV's requirements.
 */
class OlmModePlanningTest {

    private static final String NS = "cachebox";
    private static final String CSV = "cachebox-operator.v0.3.1";
    private static final Path ROOT = Path.of(System.getProperty("bundlectl.repoRoot", "..")).toAbsolutePath()
            .normalize();
    private static final Bundle SAMPLE = read(ROOT.resolve("samples/bundles/cachebox-operator"));

    private final InstallPlanner planner = new InstallPlanner();

    @Test
    void theOperatorGroupAndOlmsRbacComeBeforeTheCsvInOlmsShape() {
        PlanResult result = plan(SAMPLE, request(null));

        List<String> kinds = result.plan().steps().stream().map(step -> step.resource().kind()).toList();
        assertThat(kinds.subList(0, 7)).containsExactly("OperatorGroup", "ServiceAccount", "Role", "RoleBinding",
                "ClusterRole", "ClusterRoleBinding", "ClusterServiceVersion");
        assertThat(result.verdict().installable()).as(result.verdict().reasons().toString()).isTrue();
        Step operatorGroup = result.plan().steps().get(0);
        assertThat(operatorGroup.resource().name()).isEqualTo(NS);
        assertThat(operatorGroup.status()).isEqualTo(StepStatus.UNKNOWN);
        assertThat(operatorGroup.message()).isEqualTo("OLM mode: offline, so assumed that cachebox has no "
                + "OperatorGroup: one is created for AllNamespaces");
        assertThat(operatorGroup.resource().manifest()).as("AllNamespaces is an empty spec")
                .contains("\"spec\":{}").contains("\"app.kubernetes.io/managed-by\":\"bundlectl\"");
        assertThat(result.plan().steps().get(2).resource().name()).startsWith(CSV + "-cachebox-operator-");
    }

    @Test
    void theAppliedCsvCarriesTheBundlesPropertiesAsOlmsInstallPlanWritesThem() throws Exception {
        PlanResult result = plan(SAMPLE, request(null));
        PlanResult rendered = planner.plan(SAMPLE, PlanRequest.of(NS, ApiSurfaces.builtIn(), "sample")
                .withCsvMode(CsvMode.RENDER, RenderOptions.DEFAULTS));

        Step csv = result.plan().steps().get(6);
        com.fasterxml.jackson.databind.JsonNode annotation = new com.fasterxml.jackson.databind.ObjectMapper().readTree(
                new com.fasterxml.jackson.databind.ObjectMapper().readTree(csv.resource().manifest())
                        .path("metadata").path("annotations").path(CsvPropertiesProjection.ANNOTATION).asText());
        // metadata/properties.yaml's one property, then the package and the two CRDs the CSV owns.
        assertThat(annotation.path("properties")).extracting(p -> p.path("type").asText()).containsExactly(
                "olm.manifests.optional", "olm.package", "olm.gvk", "olm.gvk");
        assertThat(annotation.path("properties").get(1).path("value").toString())
                .isEqualTo("{\"packageName\":\"cachebox-operator\",\"version\":\"0.3.1\"}");
        assertThat(annotation.path("properties").get(2).path("value").path("group").asText())
                .isEqualTo("cache.bundlectl.dev");
        assertThat(result.verdict().installable()).isTrue();
        assertThat(rendered.plan().steps().stream().filter(step -> step.resource().kind().equals("ClusterServiceVersion"))
                .findFirst().orElseThrow().resource().manifest())
                .as("a rendered CSV is applied by nobody").doesNotContain(CsvPropertiesProjection.ANNOTATION);
    }

    @Test
    void theTwoPropertiesThatCarryWholeManifestsAreLeftOut() {
        com.fasterxml.jackson.databind.node.JsonNodeFactory nodes =
                com.fasterxml.jackson.databind.node.JsonNodeFactory.instance;
        List<dev.bundlectl.bundle.Property> properties = List.of(
                new dev.bundlectl.bundle.Property("olm.bundle.object", nodes.objectNode().put("data", "e30="),
                        dev.bundlectl.bundle.Property.PropertyOrigin.METADATA_FILE),
                new dev.bundlectl.bundle.Property("olm.csv.metadata", nodes.objectNode(),
                        dev.bundlectl.bundle.Property.PropertyOrigin.METADATA_FILE),
                new dev.bundlectl.bundle.Property("olm.maxOpenShiftVersion", nodes.textNode("4.16"),
                        dev.bundlectl.bundle.Property.PropertyOrigin.CSV_ANNOTATION));

        assertThat(CsvPropertiesProjection.value(properties))
                .isEqualTo("{\"properties\":[{\"type\":\"olm.maxOpenShiftVersion\",\"value\":\"4.16\"}]}");
        assertThat(CsvPropertiesProjection.value(List.of())).isEqualTo("{}");
    }

    @Test
    void renderModeAndPlansWithoutACsvModeAddNothing() {
        PlanResult rendered = planner.plan(SAMPLE, PlanRequest.of(NS, ApiSurfaces.builtIn(), "sample")
                .withCsvMode(CsvMode.RENDER, RenderOptions.DEFAULTS));
        PlanResult unnamed = planner.plan(SAMPLE, PlanRequest.of(NS, ApiSurfaces.builtIn(), "sample"));

        assertThat(rendered.plan().steps()).noneMatch(step -> step.resource().kind().equals("OperatorGroup"));
        assertThat(unnamed.plan().steps().get(0).resource().kind()).isEqualTo("ClusterServiceVersion");
    }

    @Test
    void theWatchNamespaceOptionsChooseTheNewOperatorGroupsTargets() {
        PlanResult own = plan(SAMPLE, request(null).withCsvMode(CsvMode.AUTO,
                new RenderOptions(InstallModeType.OWN_NAMESPACE, List.of(), null)));
        PlanResult single = plan(SAMPLE, request(null).withCsvMode(CsvMode.AUTO,
                new RenderOptions(null, List.of("team-a"), null)));
        PlanResult multi = plan(SAMPLE, request(null).withCsvMode(CsvMode.AUTO,
                new RenderOptions(null, List.of("team-a", "team-b"), null)));

        assertThat(own.plan().steps().get(0).resource().manifest()).contains("\"targetNamespaces\":[\"cachebox\"]");
        assertThat(single.plan().steps().get(0).resource().manifest()).contains("\"targetNamespaces\":[\"team-a\"]");
        assertThat(multi.plan().steps().get(0).status()).as("the sample does not support MultiNamespace")
                .isEqualTo(StepStatus.FAILED);
        assertThat(multi.plan().steps().get(0).message()).startsWith("no OperatorGroup fits: spec.installModes: "
                + "install mode MultiNamespace is not supported by " + CSV);
        assertThat(multi.verdict().installable()).isFalse();
    }

    @Test
    void exactlyOneFittingOperatorGroupIsUsedAsItIs() {
        PlanResult result = plan(SAMPLE, request(live(new ExistingOperatorGroup("team", List.of(NS), false))));

        Step step = result.plan().steps().get(0);
        assertThat(step.resource().name()).isEqualTo("team");
        assertThat(step.status()).isEqualTo(StepStatus.PRESENT);
        assertThat(step.message()).contains("OwnNamespace (cachebox)");
        assertThat(result.verdict().installable()).isTrue();
    }

    @Test
    void oneThatBundlectlMadeIsAppliedAgain() {
        PlanResult result = plan(SAMPLE, request(live(new ExistingOperatorGroup(NS, List.of(), true))));

        Step step = result.plan().steps().get(0);
        assertThat(step.status()).isEqualTo(StepStatus.UNKNOWN);
        assertThat(step.message()).isEqualTo("OLM mode: made by an earlier install, applied again for AllNamespaces");
        assertThat(result.verdict().installable()).isTrue();
    }

    @Test
    void twoOperatorGroupsAreTooMany() {
        PlanResult result = plan(SAMPLE, request(live(new ExistingOperatorGroup("b", List.of(), false),
                new ExistingOperatorGroup("a", List.of(), false))));

        Step step = result.plan().steps().get(0);
        assertThat(step.status()).isEqualTo(StepStatus.FAILED);
        assertThat(step.message()).isEqualTo("TooManyOperatorGroups: namespace cachebox has 2 OperatorGroups (a, b); "
                + "OLM installs a CSV only where there is exactly one");
        assertThat(result.verdict().installable()).isFalse();
    }

    @Test
    void anOperatorAlreadyServingTheNamespaceFromAnotherLeavesNothingToSend() {
        OlmCluster cluster = OlmCluster.live(List.of(), "v1.26.4", new OtherNamespaces.Read(
                List.of(new ClusterOperatorGroup("ops", "ops", TargetNamespaces.of("ops", List.of()),
                        ProvidedApi.parse("Cache.v1alpha1.cache.bundlectl.dev"), false)),
                List.of(new CopiedCsv(CSV, "ops", "ops", Optional.of("cachebox-operator"), "Succeeded"))));

        PlanResult result = plan(SAMPLE, request(cluster));

        assertThat(result.verdict().installable()).isTrue();
        assertThat(result.plan().steps()).allSatisfy(step -> {
            assertThat(step.status()).isEqualTo(StepStatus.NOT_CREATED);
            assertThat(step.message()).isEqualTo(step.resource().kind().equals("ClusterServiceVersion")
                    ? "not needed: " + CSV + " already runs in namespace ops (OperatorGroup ops, serving all "
                            + "namespaces) and serves cachebox (OLM: Succeeded); nothing to install here: "
                            + "`status -n ops` shows it"
                    : "not needed: the operator already serves cachebox from namespace ops");
        });
        assertThat(ServedElsewhere.of(result.plan())).hasValueSatisfying(message -> assertThat(message)
                .isEqualTo(CSV + " already runs in namespace ops (OperatorGroup ops, serving all namespaces) and "
                        + "serves cachebox (OLM: Succeeded); nothing to install here: `status -n ops` shows it"));
    }

    @Test
    void aGroupElsewhereProvidingTheSameApiFailsTheCsvWithOlmsReasonBeforeItsRequirements(@TempDir Path dir)
            throws Exception {
        Bundle bundle = read(withCsvEdit(dir, "minKubeVersion: 1.25.0", "minKubeVersion: \"1.32\""));
        OlmCluster cluster = OlmCluster.live(List.of(), "v1.26.4", new OtherNamespaces.Read(
                List.of(new ClusterOperatorGroup("ops", "global", TargetNamespaces.of("ops", List.of()),
                        ProvidedApi.parse("CacheBackup.v1alpha1.cache.bundlectl.dev"), false)), List.of()));

        Step csv = step(plan(bundle, request(cluster)), "ClusterServiceVersion");

        assertThat(csv.status()).isEqualTo(StepStatus.FAILED);
        assertThat(csv.message()).startsWith("InterOperatorGroupOwnerConflict: OLM would fail " + CSV)
                .contains("OperatorGroup global in namespace ops (serving all namespaces) already provides "
                        + "CacheBackup.v1alpha1.cache.bundlectl.dev");
        assertThat(step(plan(SAMPLE, request(null)), "ClusterServiceVersion").message())
                .as("offline, what was assumed").startsWith("OLM mode: offline, so assumed that no OperatorGroup");
    }

    @Test
    void anOperatorGroupWhoseModeTheCsvDoesNotSupportIsRefused() {
        PlanResult result = plan(SAMPLE, request(live(new ExistingOperatorGroup("wide", List.of("a", "b"), false))));

        Step step = result.plan().steps().get(0);
        assertThat(step.status()).isEqualTo(StepStatus.FAILED);
        assertThat(step.message()).startsWith("UnsupportedOperatorGroup: OperatorGroup wide in cachebox targets "
                + "MultiNamespace (a, b), which " + CSV + " does not support (supported: ");
    }

    @Test
    void aMinKubeVersionAboveTheServersFailsTheCsvInOlmsWords(@TempDir Path dir) throws Exception {
        Bundle bundle = read(withCsvEdit(dir, "minKubeVersion: 1.25.0", "minKubeVersion: \"1.32\""));

        PlanResult live = plan(bundle, request(OlmCluster.live(List.of(), "v1.26.4")));
        PlanResult offline = plan(bundle, request(null));

        Step csv = step(live, "ClusterServiceVersion");
        assertThat(csv.status()).isEqualTo(StepStatus.FAILED);
        assertThat(csv.message()).isEqualTo("RequirementsNotMet: OLM would not install " + CSV + ": CSV version "
                + "requirement not met: minKubeVersion (1.32.0) > server version (1.26.4)");
        assertThat(live.verdict().installable()).isFalse();
        assertThat(offline.verdict().installable()).as("the built-in surface is 1.34").isTrue();
    }

    @Test
    void requiredCrdsApiServicesAndNativeApisMustBeServedOrInstalled(@TempDir Path dir) throws Exception {
        Bundle bundle = read(withCsvEdit(dir, "  customresourcedefinitions:\n", """
                  nativeAPIs:
                  - {group: apps, version: v1, kind: Deployment}
                  - {group: route.openshift.io, version: v1, kind: Route}
                  apiservicedefinitions:
                    required:
                    - {group: metrics.k8s.io, version: v1beta1, kind: PodMetrics, name: podmetrics}
                  customresourcedefinitions:
                    required:
                    - {name: caches.cache.bundlectl.dev, version: v1alpha1, kind: Cache, displayName: c, description: d}
                    - {name: widgets.example.com, version: v1, kind: Widget, displayName: w, description: d}
                """));

        Step csv = step(plan(bundle, request(null)), "ClusterServiceVersion");

        assertThat(csv.status()).isEqualTo(StepStatus.FAILED);
        assertThat(csv.message()).isEqualTo("RequirementsNotMet: OLM would not install " + CSV + ": "
                + "CustomResourceDefinition/widgets.example.com NotPresent \"CRD is not present\"; "
                + "APIService/v1beta1.metrics.k8s.io NotPresent \"APIService PodMetrics is not served\"; "
                + "Route route.openshift.io/v1 NotPresent \"Native API does not exist\"");
    }

    @Test
    void aSurfaceThatListsOnlyPreferredVersionsPredictsNoFailureForAnotherVersion(@TempDir Path dir)
            throws Exception {
        Bundle bundle = read(withCsvEdit(dir, "  customresourcedefinitions:\n", """
                  nativeAPIs:
                  - {group: example.com, version: v1beta1, kind: Gadget}
                  customresourcedefinitions:
                """));
        ApiSurface surface = ApiSurface.union(ApiSurfaces.builtIn(), StaticApiSurface.preferredVersionsOnly("kubectl",
                List.of(new ApiResource("example.com", "v1", "Gadget", "gadgets", true))));

        PlanResult result = planner.plan(bundle, PlanRequest.of(NS, surface, "sample")
                .withCsvMode(CsvMode.AUTO, RenderOptions.DEFAULTS));

        assertThat(step(result, "ClusterServiceVersion").status()).isEqualTo(StepStatus.UNKNOWN);
    }

    @Test
    void aCsvWhoseNamespaceIsAPlaceholderIsJudgedInTheNamespaceItIsWrittenTo(@TempDir Path dir) throws Exception {
        Bundle bundle = read(withCsvEdit(dir, "  name: cachebox-operator.v0.3.1\n",
                "  name: cachebox-operator.v0.3.1\n  namespace: PLACEHOLDER_NAMESPACE\n"));

        PlanResult result = plan(bundle, request(null));

        // As written, PLACEHOLDER_NAMESPACE would be refused by the server (not a DNS-1123 label);
        // the install writes it into NS, as OLM does, and the server judges that.
        assertThat(result.verdict().installable()).as(result.verdict().reasons().toString()).isTrue();
        assertThat(step(result, "ClusterServiceVersion").status()).isEqualTo(StepStatus.UNKNOWN);
        assertThat(step(result, "ClusterServiceVersion").resource().namespace()).isEqualTo(NS);
        assertThat(result.diagnostics().warnings()).as("a placeholder is replaced without a word")
                .noneMatch(warning -> warning.toString().contains("PLACEHOLDER_NAMESPACE"));
    }

    @Test
    void aNamespaceThatIsNoPlaceholderIsStillJudgedAsWrittenAndWarnedAbout(@TempDir Path dir) throws Exception {
        Bundle bundle = read(withCsvEdit(dir, "  name: cachebox-operator.v0.3.1\n",
                "  name: cachebox-operator.v0.3.1\n  namespace: Team_A\n"));

        PlanResult result = plan(bundle, request(null));

        assertThat(result.verdict().installable()).isTrue();
        assertThat(result.diagnostics().warnings()).anyMatch(warning -> warning.toString()
                .contains("namespace \"Team_A\" is replaced by the install namespace \"" + NS + "\""));
    }

    @Test
    void aCsvMarkedAsAnotherNamespacesCopyIsPredictedToFailNamingTheNamespaceItNames(@TempDir Path dir)
            throws Exception {
        Bundle bundle = read(withCsvEdit(dir, "    capabilities: Basic Install\n",
                "    capabilities: Basic Install\n    olm.operatorNamespace: cachebox-system\n"));

        PlanResult elsewhere = plan(bundle, request(null));
        PlanResult there = planner.plan(bundle, PlanRequest.of("cachebox-system", ApiSurfaces.builtIn(), "sample")
                .withCsvMode(CsvMode.AUTO, RenderOptions.DEFAULTS));
        PlanResult rendered = planner.plan(bundle, PlanRequest.of(NS, ApiSurfaces.builtIn(), "sample")
                .withCsvMode(CsvMode.RENDER, RenderOptions.DEFAULTS));

        // OLM's syncClusterServiceVersion skips a CSV that IsCopied says is a copy, before anything else.
        assertThat(step(elsewhere, "ClusterServiceVersion").status()).isEqualTo(StepStatus.FAILED);
        assertThat(step(elsewhere, "ClusterServiceVersion").message()).isEqualTo("CopiedCsv: OLM would take "
                + CSV + " for a copy of another namespace's CSV and never install it: its annotation "
                + "olm.operatorNamespace names namespace \"cachebox-system\", not \"" + NS + "\" (install it into "
                + "namespace \"cachebox-system\", or remove the annotation from the bundle's CSV)");
        assertThat(elsewhere.verdict().installable()).isFalse();
        assertThat(there.verdict().installable()).as("in the namespace it names, it is the original").isTrue();
        assertThat(rendered.verdict().installable()).as("no OLM acts on a rendered CSV").isTrue();
    }

    @Test
    void aCsvLabelledAsCopiedIsPredictedToFailWherever(@TempDir Path dir) throws Exception {
        Bundle bundle = read(withCsvEdit(dir, "  name: cachebox-operator.v0.3.1\n",
                "  name: cachebox-operator.v0.3.1\n  labels:\n    olm.copiedFrom: operators\n"));

        PlanResult result = plan(bundle, request(null));

        assertThat(step(result, "ClusterServiceVersion").message()).startsWith("CopiedCsv: OLM would take " + CSV)
                .contains("its label olm.copiedFrom says it was copied from namespace \"operators\"");
    }

    private PlanResult plan(Bundle bundle, PlanRequest request) {
        return planner.plan(bundle, request);
    }

    private static PlanRequest request(OlmCluster cluster) {
        return PlanRequest.of(NS, ApiSurfaces.builtIn(), "sample").withCsvMode(CsvMode.AUTO, RenderOptions.DEFAULTS)
                .withOlmCluster(cluster);
    }

    private static OlmCluster live(ExistingOperatorGroup... groups) {
        return OlmCluster.live(List.of(groups), "v1.26.4");
    }

    private static Step step(PlanResult result, String kind) {
        return result.plan().steps().stream().filter(step -> step.resource().kind().equals(kind)).findFirst()
                .orElseThrow();
    }

    /** A copy of the sample whose CSV has {@code from} replaced by {@code to}. */
    private static Path withCsvEdit(Path dir, String from, String to) throws Exception {
        Path source = ROOT.resolve("samples/bundles/cachebox-operator");
        try (var paths = Files.walk(source)) {
            for (Path path : paths.toList()) {
                Path copy = dir.resolve(source.relativize(path).toString());
                if (Files.isDirectory(path)) {
                    Files.createDirectories(copy);
                } else {
                    Files.copy(path, copy);
                }
            }
        }
        Path csv = dir.resolve("manifests/cachebox-operator.clusterserviceversion.yaml");
        String text = Files.readString(csv);
        assertThat(text).contains(from);
        Files.writeString(csv, text.replace(from, to));
        return dir;
    }

    private static Bundle read(Path dir) {
        BundleReadResult result = new BundleReader().read(dir);
        assertThat(result.bundle()).as(result.diagnostics().errors().toString()).isPresent();
        return result.bundle().get();
    }
}
