package dev.bundlectl.plan.upgrade;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.groups.Tuple.tuple;

import dev.bundlectl.plan.PlanAnnotations;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.InstallPlanPhase;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepAction;
import dev.bundlectl.plan.model.StepResource;
import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.plan.output.InstallPlanCodec;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class UpgradeStepsTest {

    private static final String NS = "demo";
    private static final String OLD_CSV = "cachebox-operator.v0.1.0";
    private static final String NEW_CSV = "cachebox-operator.v0.2.0";

    private static final InstalledVersion V1 = new InstalledVersion("cachebox-operator", OLD_CSV, "0.1.0",
            "bundlectl.cachebox-operator.r1", List.of(
                    object("operators.coreos.com", "v1alpha1", "ClusterServiceVersion", NS, OLD_CSV, "uid-csv"),
                    object("apiextensions.k8s.io", "v1", "CustomResourceDefinition", null, "olds.cache.bundlectl.dev",
                            "uid-crd"),
                    object("", "v1", "ConfigMap", NS, "cachebox-defaults", "uid-cm"),
                    object("", "v1", "ConfigMap", NS, "cachebox-legacy", "uid-legacy"),
                    object("", "v1", "Secret", NS, "cachebox-unknown-uid", null)));

    @Test
    void anUpgradeMarksEachStepAndAddsDeleteAndKeepStepsAfterTheNewObjects() {
        InstallPlan plan = plan(null, csvStep(NEW_CSV, OLD_CSV), configMap("cachebox-defaults", null),
                configMap("cachebox-settings", null), configMap("cachebox-seed", "true"),
                notCreated("monitoring.coreos.com", "ServiceMonitor", "cachebox-metrics"));
        Set<ObjectKey> existing = Set.of(new ObjectKey("", "ConfigMap", NS, "cachebox-defaults"),
                new ObjectKey("", "ConfigMap", NS, "cachebox-seed"));

        InstallPlan upgraded = UpgradeSteps.apply(plan, decide(plan), existing);

        List<Step> steps = upgraded.steps();
        assertThat(steps).extracting(step -> step.resource().name(), Step::action).containsExactly(
                tuple(NEW_CSV, StepAction.CREATE),
                tuple("cachebox-defaults", StepAction.UPDATE),
                tuple("cachebox-settings", StepAction.CREATE),
                tuple("cachebox-seed", StepAction.PRESENT),
                tuple("cachebox-metrics", null),
                tuple(OLD_CSV, StepAction.KEEP),
                tuple("olds.cache.bundlectl.dev", StepAction.KEEP),
                tuple("cachebox-legacy", StepAction.DELETE),
                tuple("cachebox-unknown-uid", StepAction.KEEP));
        assertThat(steps.get(5).message()).isEqualTo("left to OLM, which replaces it with " + NEW_CSV);
        assertThat(steps.get(5).status()).isEqualTo(StepStatus.PRESENT);
        assertThat(steps.get(6).message()).isEqualTo("kept: " + NEW_CSV + " no longer has this CRD, but deleting a CRD "
                + "deletes every custom resource of its kind");
        assertThat(steps.get(7).status()).isEqualTo(StepStatus.UNKNOWN);
        assertThat(steps.get(7).message()).isEqualTo("deleted once " + NEW_CSV + " runs (the old version may need it "
                + "until then), if it is still uid uid-legacy: " + NEW_CSV + " no longer has it");
        assertThat(steps.get(7).resolving()).isEqualTo(OLD_CSV);
        assertThat(steps.get(7).resource().manifest()).isEqualTo("{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\","
                + "\"metadata\":{\"name\":\"cachebox-legacy\",\"namespace\":\"demo\",\"uid\":\"uid-legacy\"}}");
        assertThat(steps.get(8).message()).startsWith("kept: its install record has no uid");
        assertThat(upgraded.metadata().annotations()).containsEntry(UpgradeSteps.UPGRADE_FROM_ANNOTATION, OLD_CSV);
        assertThat(UpgradeSteps.line(upgraded)).contains("upgrade from " + OLD_CSV + " (0.1.0) to " + NEW_CSV
                + " (0.2.0) via spec.replaces");
        assertThat(upgraded.status().conditions()).anySatisfy(condition -> {
            assertThat(condition.type()).isEqualTo("bundlectl.dev/Upgrade");
            assertThat(condition.status()).isEqualTo("True");
            assertThat(condition.reason()).isEqualTo("Replaces");
        });
    }

    @Test
    void aForcedLowerVersionIsARollbackThePlanSaysSoAndRecordsWhereItCameFrom() {
        InstallPlan plan = plan(null, csvStep("cachebox-operator.v0.0.5", null), configMap("cachebox-defaults", null));
        UpgradeDecision forced = UpgradePath.decide(Optional.of(V1), UpgradeEdges.ofPlan(plan).orElseThrow(), true);

        InstallPlan rolledBack = UpgradeSteps.apply(plan, forced, Set.of());

        assertThat(rolledBack.metadata().annotations()).containsEntry(PlanAnnotations.ROLLBACK_FROM, "0.1.0")
                .containsEntry(UpgradeSteps.UPGRADE_FROM_ANNOTATION, OLD_CSV);
        assertThat(UpgradeSteps.line(rolledBack)).contains("rollback from " + OLD_CSV
                + " (0.1.0) to cachebox-operator.v0.0.5 (0.0.5), a lower version");
        InstallPlan upgraded = UpgradeSteps.apply(plan(null, csvStep(NEW_CSV, OLD_CSV)),
                decide(plan(null, csvStep(NEW_CSV, OLD_CSV))), Set.of());
        assertThat(upgraded.metadata().annotations()).doesNotContainKey(PlanAnnotations.ROLLBACK_FROM);
    }

    @Test
    void inRenderModeTheOldCsvIsAnObjectLikeAnyOther() {
        InstallPlan plan = plan("render", csvStep(NEW_CSV, OLD_CSV).withStatus(StepStatus.NOT_CREATED, "rendered"),
                configMap("cachebox-defaults", null));

        InstallPlan upgraded = UpgradeSteps.apply(plan, decide(plan), Set.of());

        assertThat(upgraded.steps()).filteredOn(step -> step.resource().name().equals(OLD_CSV))
                .singleElement().extracting(Step::action).isEqualTo(StepAction.DELETE);
        assertThat(upgraded.steps().get(0).action()).as("a rendered CSV is not sent").isNull();
    }

    @Test
    void aRerunMarksStepsAndRemovesOnlyWhatAnUnfinishedUpgradeLeft() {
        InstalledVersion complete = new InstalledVersion("cachebox-operator", OLD_CSV, "0.1.0", "r2", List.of(
                object("operators.coreos.com", "v1alpha1", "ClusterServiceVersion", NS, OLD_CSV, "uid-csv"),
                object("", "v1", "ConfigMap", NS, "cachebox-defaults", "uid-cm")));
        InstallPlan plan = plan(null, csvStep(OLD_CSV, null), configMap("cachebox-defaults", null));
        Set<ObjectKey> existing = Set.of(ObjectKey.of(plan.steps().get(0).resource()),
                new ObjectKey("", "ConfigMap", NS, "cachebox-defaults"));
        UpgradeDecision rerunOfComplete = UpgradePath.decide(Optional.of(complete),
                UpgradeEdges.ofPlan(plan).orElseThrow(), false);
        // An upgrade to V1 was to remove the legacy ConfigMap and the CRD, and the new version did not run:
        // the record still owns them; what else V1 owns and the plan lacks is no removal of its.
        InstalledVersion unfinished = new InstalledVersion("cachebox-operator", OLD_CSV, "0.1.0", "r2", V1.objects(),
                Set.of(new ObjectKey("", "ConfigMap", NS, "cachebox-legacy"),
                        new ObjectKey("apiextensions.k8s.io", "CustomResourceDefinition", null,
                                "olds.cache.bundlectl.dev")));
        UpgradeDecision rerunOfUnfinished = UpgradePath.decide(Optional.of(unfinished),
                UpgradeEdges.ofPlan(plan).orElseThrow(), false);

        InstallPlan rerun = UpgradeSteps.apply(plan, rerunOfComplete, existing);
        InstallPlan cleanup = UpgradeSteps.apply(plan, rerunOfUnfinished, existing);

        assertThat(UpgradeSteps.leavesBehind(plan, complete)).isFalse();
        assertThat(rerun.steps()).extracting(Step::action).containsExactly(StepAction.PRESENT, StepAction.UPDATE);
        assertThat(rerun.metadata().annotations()).doesNotContainKey(UpgradeSteps.UPGRADE_FROM_ANNOTATION);
        assertThat(UpgradeSteps.line(rerun)).contains("re-run of " + OLD_CSV + " (0.1.0), the installed CSV");
        assertThat(UpgradeSteps.leavesBehind(plan, V1)).as("owns more than the plan, but nothing pending").isFalse();
        assertThat(UpgradeSteps.leavesBehind(plan, unfinished)).isTrue();
        assertThat(cleanup.steps()).extracting(step -> step.resource().name(), Step::action).containsExactly(
                tuple(OLD_CSV, StepAction.PRESENT), tuple("cachebox-defaults", StepAction.UPDATE),
                tuple("olds.cache.bundlectl.dev", StepAction.KEEP), tuple("cachebox-legacy", StepAction.DELETE));
        assertThat(cleanup.steps().get(3).message()).endsWith("left over from the upgrade to " + OLD_CSV
                + ", which no longer has it");
    }

    @Test
    void inOlmModeTheCsvNamesTheInstalledCsvWhateverTheEdgeAndTheBundlesPlanComesBack() {
        InstallPlan plan = plan(null, csvStep(NEW_CSV, "cachebox-operator.v0.0.9"), configMap("cachebox-defaults", null));
        // Reached over skipRange (">=0.0.1 <0.1.0" does not hold 0.1.0) would be refused; skips does not list it:
        // decided over --force, the replaced CSV is still the installed one.
        UpgradeDecision forced = UpgradePath.decide(Optional.of(V1), UpgradeEdges.ofPlan(plan).orElseThrow(), true);

        InstallPlan upgraded = UpgradeSteps.apply(plan, forced, Set.of());

        Step csv = upgraded.steps().get(0);
        assertThat(csv.resource().manifest()).contains("\"replaces\":\"" + OLD_CSV + "\"")
                .doesNotContain("v0.0.9");
        assertThat(csv.message()).isEqualTo("OLM mode: spec.replaces is " + OLD_CSV + ", the CSV installed in the "
                + "namespace (the bundle names cachebox-operator.v0.0.9): OLM replaces only the CSV named there, as "
                + "its InstallPlan writes it");
        assertThat(dev.bundlectl.plan.PlanVerdict.of(upgraded.steps()).installable()).as("a note, not a failure")
                .isTrue();
        assertThat(UpgradeSteps.bundleOnly(upgraded).steps()).extracting(step -> step.resource().manifest(),
                Step::message).isEqualTo(plan.steps().stream().map(step -> tuple(step.resource().manifest(),
                        step.message())).toList());
        assertThat(UpgradeSteps.bundleOnly(upgraded).metadata().annotations()).isEqualTo(plan.metadata().annotations());
    }

    @Test
    void aCsvStepThatWillFailKeepsOnlyItsReasonButIsStillWrittenAsOlmWritesIt() {
        Step failing = csvStep(NEW_CSV, OLD_CSV).withStatus(StepStatus.FAILED, "RequirementsNotMet: minKubeVersion");
        InstallPlan plan = plan(null, failing);
        UpgradeDecision first = UpgradePath.decide(Optional.empty(), UpgradeEdges.ofPlan(plan).orElseThrow(), false);

        InstallPlan written = UpgradeSteps.apply(plan, first, null);

        assertThat(written.steps().get(0).message()).isEqualTo("RequirementsNotMet: minKubeVersion");
        assertThat(written.steps().get(0).resource().manifest()).doesNotContain("replaces");
        assertThat(UpgradeSteps.bundleOnly(written).steps().get(0).resource().manifest())
                .isEqualTo(failing.resource().manifest());
    }

    @Test
    void aFirstInstallInOlmModeWritesNoReplacesAndRenderModeKeepsTheBundlesCsv() {
        InstallPlan olm = plan(null, csvStep(NEW_CSV, OLD_CSV));
        InstallPlan render = plan("render", csvStep(NEW_CSV, OLD_CSV));
        UpgradeDecision first = UpgradePath.decide(Optional.empty(), UpgradeEdges.ofPlan(olm).orElseThrow(), false);

        InstallPlan olmFirst = UpgradeSteps.apply(olm, first, null);

        assertThat(olmFirst.steps().get(0).resource().manifest()).doesNotContain("replaces");
        assertThat(olmFirst.steps().get(0).message()).isEqualTo("OLM mode: spec.replaces left empty (the bundle names "
                + OLD_CSV + "): OLM's InstallPlan writes none on a first install");
        assertThat(olmFirst.metadata().annotations()).containsEntry(ReplacedCsv.BUNDLE_REPLACES_ANNOTATION,
                OLD_CSV + "#1");
        assertThat(UpgradeSteps.bundleOnly(olmFirst).steps()).isEqualTo(olm.steps());
        assertThat(UpgradeSteps.apply(render, first, null)).isSameAs(render);
    }

    @Test
    void withoutKnowingWhatExistsStepsAreNotMarkedButDeletesAreStillPlanned() {
        InstallPlan plan = plan(null, csvStep(NEW_CSV, OLD_CSV));

        InstallPlan upgraded = UpgradeSteps.apply(plan, decide(plan), null);

        assertThat(upgraded.steps().get(0).action()).isNull();
        assertThat(upgraded.steps()).extracting(Step::action).contains(StepAction.DELETE);
    }

    @Test
    void aFirstInstallIsUnchangedAndARefusalHasNoPlan() {
        InstallPlan plan = plan(null, csvStep("other.v3.0.0", null));
        UpgradeEdges edges = UpgradeEdges.ofPlan(plan).orElseThrow();

        assertThat(UpgradeSteps.apply(plan, UpgradePath.decide(Optional.empty(), edges, false), Set.of())).isSameAs(plan);
        assertThatThrownBy(() -> UpgradeSteps.apply(plan, UpgradePath.decide(Optional.of(V1), edges, false), Set.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("cannot upgrade cachebox-operator");
    }

    @Test
    void theActionSurvivesTheDocumentAndIsAbsentWhenUnknown() {
        InstallPlan plan = plan(null, csvStep(NEW_CSV, OLD_CSV), configMap("cachebox-defaults", null));
        InstallPlan upgraded = UpgradeSteps.apply(plan, decide(plan), Set.of());

        String json = InstallPlanCodec.toJson(upgraded);

        assertThat(InstallPlanCodec.toJson(plan)).doesNotContain("\"action\"");
        assertThat(json).contains("\"action\" : \"Create\"").contains("\"action\" : \"Delete\"");
        assertThat(parse(json).steps()).extracting(Step::action)
                .isEqualTo(upgraded.steps().stream().map(Step::action).toList());
    }

    @Test
    void edgesAreReadFromTheCsvStep() {
        InstallPlan plan = plan(null, csvStep(NEW_CSV, OLD_CSV));

        assertThat(UpgradeEdges.ofPlan(plan)).contains(new UpgradeEdges(NEW_CSV, "0.2.0", OLD_CSV,
                List.of("cachebox-operator.v0.0.1"), ">=0.0.1 <0.1.0"));
    }

    private static UpgradeDecision decide(InstallPlan plan) {
        return UpgradePath.decide(Optional.of(V1), UpgradeEdges.ofPlan(plan).orElseThrow(), false);
    }

    private static InstalledObject object(String group, String version, String kind, String namespace, String name,
            String uid) {
        return new InstalledObject(group, version, kind, namespace, name, uid, "bundlectl.cachebox-operator.r1");
    }

    private static InstallPlan plan(String csvMode, Step... steps) {
        Map<String, String> annotations = csvMode == null ? Map.of(PlanAnnotations.PACKAGE, "cachebox-operator")
                : Map.of(PlanAnnotations.PACKAGE, "cachebox-operator", PlanAnnotations.CSV_MODE, csvMode);
        return new InstallPlan(new InstallPlan.Metadata("cachebox-operator", NS, annotations),
                new InstallPlan.Spec("Manual", false, List.of(steps[0].resource().name())),
                new InstallPlan.Status(InstallPlanPhase.REQUIRES_APPROVAL, List.of(), List.of(steps), null, null,
                        "installable", null));
    }

    private static Step csvStep(String name, String replaces) {
        String version = name.replaceAll(".*\\.v", "");
        String manifest = "{\"apiVersion\":\"operators.coreos.com/v1alpha1\",\"kind\":\"ClusterServiceVersion\","
                + "\"metadata\":{\"name\":\"" + name + "\",\"annotations\":{\"olm.skipRange\":\">=0.0.1 <0.1.0\"}},"
                + "\"spec\":{\"version\":\"" + version + "\""
                + (replaces == null ? "" : ",\"replaces\":\"" + replaces + "\"")
                + ",\"skips\":[\"cachebox-operator.v0.0.1\"]}}";
        return new Step(name, new StepResource("operators.coreos.com", "v1alpha1", "ClusterServiceVersion", name, NS,
                "cachebox-operator", "manifests/csv.yaml", manifest), false, StepStatus.UNKNOWN, null);
    }

    private static Step configMap(String name, String createOnly) {
        String annotations = createOnly == null ? ""
                : ",\"annotations\":{\"release.openshift.io/create-only\":\"" + createOnly + "\"}";
        return new Step(NEW_CSV, new StepResource("", "v1", "ConfigMap", name, NS, "cachebox-operator",
                "manifests/" + name + ".yaml", "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\""
                        + name + "\"" + annotations + "}}"), false, StepStatus.UNKNOWN, null);
    }

    private static Step notCreated(String group, String kind, String name) {
        return new Step(NEW_CSV, new StepResource(group, "v1", kind, name, NS, "cachebox-operator", "m.yaml",
                "{\"apiVersion\":\"" + group + "/v1\",\"kind\":\"" + kind + "\",\"metadata\":{\"name\":\"" + name
                        + "\"}}"), true, StepStatus.NOT_CREATED, "API not served");
    }

    private static InstallPlan parse(String json) {
        try {
            return InstallPlanCodec.parse(json, "plan.json");
        } catch (dev.bundlectl.bundle.yaml.InputFileException e) {
            throw new AssertionError(e);
        }
    }
}
