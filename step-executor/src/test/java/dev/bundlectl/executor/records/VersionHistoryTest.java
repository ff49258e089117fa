package dev.bundlectl.executor.records;

import static dev.bundlectl.executor.records.TestPlans.step;
import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.InstallPlanPhase;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepAction;
import dev.bundlectl.plan.model.StepResource;
import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.plan.upgrade.InstalledVersion;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The CSV version and the version history an install record keeps, and how old records read. */
class VersionHistoryTest {

    private static final Instant T1 = Instant.parse("2025-03-01T10:00:00Z");
    private static final Instant T2 = Instant.parse("2025-03-02T10:00:00Z");
    private static final Instant T3 = Instant.parse("2025-03-03T10:00:00Z");

    private final InstallRecordCodec codec = new InstallRecordCodec();

    @Test
    void aRecordKeepsItsCsvVersionAndCarriesTheHistoryForward() {
        InstallRecord v1 = record("widget-operator.v1.0.0", T1, null);
        InstallRecord v2 = record("widget-operator.v1.1.0", T2, v1);
        InstallRecord rerun = record("widget-operator.v1.1.0", T3, v2);

        assertThat(v1.csvVersion()).isEqualTo("1.0.0");
        assertThat(v2.versionHistory()).extracting(VersionHistoryEntry::csvName, VersionHistoryEntry::version)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("widget-operator.v1.0.0", "1.0.0"),
                        org.assertj.core.groups.Tuple.tuple("widget-operator.v1.1.0", "1.1.0"));
        assertThat(rerun.versionHistory()).as("a re-run replaces its version's entry")
                .extracting(VersionHistoryEntry::recordName).containsExactly(v1.name(), rerun.name());
        assertThat(rerun.versionHistory().get(1).startTime()).isEqualTo(T3);
    }

    @Test
    void aSecondSaveOfTheSameRunReplacesItsOwnEntry() {
        InstallRecord v1 = record("widget-operator.v1.0.0", T1, null);
        InstallRecord installing = record("widget-operator.v1.1.0", T2, v1);

        InstallRecord finished = InstallRecord.fromPlan(plan("widget-operator.v1.1.0", InstallPlanPhase.FAILED),
                TestPlans.origin("ns", T2), List.of(), List.of(), v1);

        assertThat(installing.versionHistory()).hasSize(2);
        assertThat(finished.versionHistory()).extracting(VersionHistoryEntry::phase)
                .containsExactly(InstallPlanPhase.COMPLETE, InstallPlanPhase.FAILED);
    }

    @Test
    void theHistoryIsCapped() {
        InstallRecord latest = null;
        for (int i = 0; i < RecordInheritance.MAX_HISTORY + 5; i++) {
            latest = record("widget-operator.v1." + i + ".0", T1.plusSeconds(i), latest);
        }

        assertThat(latest.versionHistory()).hasSize(RecordInheritance.MAX_HISTORY);
        assertThat(latest.versionHistory().get(0).version()).isEqualTo("1.5.0");
    }

    @Test
    void aRecordWrittenBeforeVersionsWereKeptStillReadsAndStartsTheHistory() {
        String oldJson = "{\"formatVersion\":1,\"name\":\"bundlectl.widget-operator.20250301-100000-000\","
                + "\"namespace\":\"ns\",\"packageName\":\"widget-operator\",\"csvName\":\"widget-operator.v1.0.0\","
                + "\"dryRun\":false,\"startTime\":\"2025-03-01T10:00:00Z\",\"phase\":\"Complete\","
                + "\"createdObjects\":[{\"object\":{\"group\":\"\",\"version\":\"v1\",\"kind\":\"ConfigMap\","
                + "\"namespace\":\"ns\",\"name\":\"cm\"},\"uid\":\"uid-cm\",\"createdBy\":"
                + "\"bundlectl.widget-operator.20250301-100000-000\"}]}";

        InstallRecord old = codec.decode(InstallRecordCodecTest.gzip(oldJson), "Secret ns/old");
        InstallRecord next = record("widget-operator.v1.1.0", T2, old);

        assertThat(old.csvVersion()).isNull();
        assertThat(old.versionHistory()).isEmpty();
        assertThat(next.versionHistory()).extracting(VersionHistoryEntry::csvName, VersionHistoryEntry::version)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("widget-operator.v1.0.0", null),
                        org.assertj.core.groups.Tuple.tuple("widget-operator.v1.1.0", "1.1.0"));
        InstalledVersion installed = PreviousInstall.of(java.util.Optional.of(old)).installedVersion().orElseThrow();
        assertThat(installed.version()).isNull();
        assertThat(installed.objects()).singleElement().satisfies(object -> {
            assertThat(object.uid()).isEqualTo("uid-cm");
            assertThat(object.displayName()).isEqualTo("ConfigMap/ns/cm");
        });
    }

    @Test
    void theNewFieldsRoundTrip() {
        InstallRecord v2 = record("widget-operator.v1.1.0", T2, record("widget-operator.v1.0.0", T1, null));

        assertThat(codec.decode(codec.encode(v2).gzip(), "Secret ns/x")).isEqualTo(v2);
    }

    @Test
    void aRollbackIsKeptInTheHistoryAndTheRecordKeepsItsBundlesSourceAndPlanOptions() {
        InstallRecord v1 = record("widget-operator.v1.0.0", T1, null);
        InstallRecord v2 = record("widget-operator.v1.1.0", T2, v1);
        InstallPlan back = plan("widget-operator.v1.0.0", InstallPlanPhase.COMPLETE);
        java.util.Map<String, String> annotations = new java.util.HashMap<>(back.metadata().annotations());
        annotations.put(dev.bundlectl.plan.PlanAnnotations.ROLLBACK_FROM, "1.1.0");
        annotations.put(dev.bundlectl.plan.PlanAnnotations.BUNDLE_SOURCE,
                "{\"reference\":\"quay.io/o/w:v1\",\"digest\":\"sha256:" + "a".repeat(64) + "\"}");
        annotations.put(dev.bundlectl.plan.review.PlanOptions.ANNOTATION, "{\"csvMode\":\"olm\"}");
        InstallPlan annotated = new InstallPlan(new InstallPlan.Metadata(back.metadata().name(),
                back.metadata().namespace(), annotations), back.spec(), back.status());

        InstallRecord rolledBack = InstallRecord.fromPlan(annotated, TestPlans.origin("ns", T3), List.of(), List.of(), v2);

        assertThat(rolledBack.versionHistory()).extracting(VersionHistoryEntry::version, VersionHistoryEntry::rolledBackFrom)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("1.0.0", null),
                        org.assertj.core.groups.Tuple.tuple("1.1.0", null),
                        org.assertj.core.groups.Tuple.tuple("1.0.0", "1.1.0"));
        assertThat(rolledBack.bundleSource()).contains("quay.io/o/w:v1");
        assertThat(rolledBack.planOptions()).isEqualTo("{\"csvMode\":\"olm\"}");
        assertThat(codec.decode(codec.encode(rolledBack).gzip(), "Secret ns/x")).isEqualTo(rolledBack);
        assertThat(v2.bundleSource()).as("a directory's install keeps none").isNull();
    }

    @Test
    void upgradeStepsDoNotCarryOwnershipOfDeletedReplacedOrOlmReplacedObjects() {
        CreatedObject csv = new CreatedObject(new ObjectRef("operators.coreos.com", "v1alpha1",
                "ClusterServiceVersion", "ns", "widget-operator.v1.0.0"), null, "uid-csv", null, "r1");
        CreatedObject crd = new CreatedObject(new ObjectRef("apiextensions.k8s.io", "v1", "CustomResourceDefinition",
                null, "widgets.example.com"), null, "uid-crd", null, "r1");
        CreatedObject replaced = new CreatedObject(new ObjectRef("", "v1", "ConfigMap", "ns", "cm"), null, "uid-cm",
                null, "r1");
        InstallRecord previous = InstallRecord.fromPlan(plan("widget-operator.v1.0.0", InstallPlanPhase.COMPLETE),
                TestPlans.origin("ns", T1), List.of(csv, crd, replaced), List.of());
        List<Step> steps = List.of(
                keep(step("operators.coreos.com", "v1alpha1", "ClusterServiceVersion", "ns", "widget-operator.v1.0.0",
                        StepStatus.PRESENT), StepAction.KEEP),
                keep(step("apiextensions.k8s.io", "v1", "CustomResourceDefinition", null, "widgets.example.com",
                        StepStatus.PRESENT), StepAction.KEEP),
                keep(step("", "v1", "ConfigMap", "ns", "cm", StepStatus.PRESENT), StepAction.DELETE));

        assertThat(RecordInheritance.ownedObjects(previous, steps, List.of())).containsExactly(crd);
    }

    private static Step keep(Step step, StepAction action) {
        return step.withAction(action);
    }

    private static InstallRecord record(String csv, Instant start, InstallRecord previous) {
        return InstallRecord.fromPlan(plan(csv, InstallPlanPhase.COMPLETE), TestPlans.origin("ns", start), List.of(),
                List.of(), previous);
    }

    private static InstallPlan plan(String csv, InstallPlanPhase phase) {
        String version = csv.replaceAll(".*\\.v", "");
        Step csvStep = new Step(csv, new StepResource("operators.coreos.com", "v1alpha1", "ClusterServiceVersion", csv,
                "ns", TestPlans.PACKAGE, "manifests/csv.yaml", "{\"apiVersion\":\"operators.coreos.com/v1alpha1\","
                        + "\"kind\":\"ClusterServiceVersion\",\"metadata\":{\"name\":\"" + csv + "\"},"
                        + "\"spec\":{\"version\":\"" + version + "\"}}"), false, StepStatus.CREATED, null);
        InstallPlan base = TestPlans.plan("ns", List.of(csvStep), phase);
        return new InstallPlan(base.metadata(), new InstallPlan.Spec("Automatic", true, List.of(csv)), base.status());
    }
}
