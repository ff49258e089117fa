package dev.bundlectl.executor.records;

import static dev.bundlectl.executor.records.TestPlans.step;
import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.plan.model.InstallPlanPhase;
import dev.bundlectl.plan.model.StepStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class RecordSummaryTest {

    private static final Instant START = Instant.parse("2025-03-01T10:00:00Z");

    @Test
    void countsStepsPerStatusInStatusOrderAndGivesTheDuration() {
        InstallRecord record = InstallRecord.fromPlan(TestPlans.plan("ns", List.of(
                        step("operators.coreos.com", "v1alpha1", "ClusterServiceVersion", "ns", "csv", StepStatus.CREATED),
                        step("apiextensions.k8s.io", "v1", "CustomResourceDefinition", null, "w.example.com",
                                StepStatus.PRESENT),
                        step("", "v1", "ServiceAccount", "ns", "sa", StepStatus.CREATED),
                        step("monitoring.coreos.com", "v1", "ServiceMonitor", "ns", "sm", StepStatus.NOT_CREATED)),
                        InstallPlanPhase.COMPLETE),
                TestPlans.origin("ns", START),
                List.of(new CreatedObject(new ObjectRef("", "v1", "ServiceAccount", "ns", "sa"), null, "u", "1", null)),
                List.of());

        RecordSummary summary = RecordSummary.of(record);

        assertThat(summary.name()).isEqualTo(record.name());
        assertThat(summary.packageName()).isEqualTo(TestPlans.PACKAGE);
        assertThat(summary.csvName()).isEqualTo(TestPlans.CSV);
        assertThat(summary.phase()).isEqualTo(InstallPlanPhase.COMPLETE);
        assertThat(summary.startTime()).isEqualTo(START);
        assertThat(summary.duration()).isEqualTo(Duration.ofMillis(42_500));
        assertThat(summary.stepCounts().keySet())
                .containsExactly(StepStatus.PRESENT, StepStatus.CREATED, StepStatus.NOT_CREATED);
        assertThat(summary.count(StepStatus.CREATED)).isEqualTo(2);
        assertThat(summary.count(StepStatus.FAILED)).isZero();
        assertThat(summary.totalSteps()).isEqualTo(4);
        assertThat(summary.createdObjects()).isEqualTo(1);
    }

    @Test
    void aRunningInstallHasNoDurationYet() {
        InstallRecord running = TestPlans.running("ns", START);

        RecordSummary summary = RecordSummary.of(running);

        assertThat(summary.duration()).isNull();
        assertThat(summary.stepCounts()).isEmpty();
    }
}
