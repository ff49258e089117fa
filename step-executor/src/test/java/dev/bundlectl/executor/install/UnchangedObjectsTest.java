package dev.bundlectl.executor.install;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.executor.records.AppliedState;
import dev.bundlectl.executor.records.InstallRecord;
import dev.bundlectl.executor.records.RecordOrigin;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.InstallPlanPhase;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepResource;
import dev.bundlectl.plan.model.StepStatus;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which objects a run may leave alone: only those the last record and the preflight agree on. */
class UnchangedObjectsTest {

    private static final AppliedState LEFT = new AppliedState("7", "sha256:" + "0".repeat(64));

    @Test
    void anObjectIsUnchangedOnlyWhenBothItsResourceVersionAndItsBodyAreTheLastApplys() {
        InstallPlan plan = plan(step("a"), step("b"), step("c"), step("d"));
        InstallRecord previous = record(plan, false, Map.of(0, LEFT, 1, LEFT, 2, LEFT));

        Map<Integer, AppliedState> unchanged = UnchangedObjects.since(previous, plan, Map.of(
                0, LEFT,
                1, new AppliedState("8", LEFT.bodyDigest()),
                2, new AppliedState("7", "sha256:" + "1".repeat(64)),
                3, LEFT));

        // b was written since; c's body changed; d has no state in the record.
        assertThat(unchanged).containsOnlyKeys(0).containsEntry(0, LEFT);
    }

    @Test
    void theObjectIsFoundByWhatItIsNotByItsPlaceInThePlan() {
        InstallRecord previous = record(plan(step("a"), step("b")), false, Map.of(1, LEFT));

        assertThat(UnchangedObjects.since(previous, plan(step("b")), Map.of(0, LEFT))).containsOnlyKeys(0);
    }

    @Test
    void withoutAnEarlierRealInstallNothingIsUnchanged() {
        InstallPlan plan = plan(step("a"));
        assertThat(UnchangedObjects.since(null, plan, Map.of(0, LEFT))).isEmpty();
        assertThat(UnchangedObjects.since(record(plan, true, Map.of(0, LEFT)), plan, Map.of(0, LEFT))).isEmpty();
    }

    private static Step step(String name) {
        return new Step("widget.v1", new StepResource("", "v1", "ConfigMap", name, "ns", "widget", "", "{}"), false,
                StepStatus.PRESENT, null);
    }

    private static InstallPlan plan(Step... steps) {
        return dev.bundlectl.executor.records.TestPlans.plan("ns", List.of(steps), InstallPlanPhase.COMPLETE);
    }

    private static InstallRecord record(InstallPlan plan, boolean dryRun, Map<Integer, AppliedState> applied) {
        RecordOrigin origin = new RecordOrigin("ns", "widget", "/bundles/widget", null, dryRun,
                Instant.parse("2025-03-01T10:00:00Z"));
        return InstallRecord.fromPlan(plan, origin, List.of(), List.of(), null, applied);
    }
}
