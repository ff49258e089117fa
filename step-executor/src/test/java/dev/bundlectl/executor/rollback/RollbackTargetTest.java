package dev.bundlectl.executor.rollback;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.executor.records.InstallRecord;
import dev.bundlectl.executor.records.TestPlans;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.InstallPlanPhase;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepResource;
import dev.bundlectl.plan.model.StepStatus;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which version a rollback goes back to, from the history the latest record carries. */
class RollbackTargetTest {

    private static final Instant T = Instant.parse("2025-03-01T10:00:00Z");

    @Test
    void thePreviousCompleteVersionUnlessOneIsNamed() {
        InstallRecord latest = history(List.of("1.0.0", "1.1.0", "1.2.0"),
                List.of(InstallPlanPhase.COMPLETE, InstallPlanPhase.FAILED, InstallPlanPhase.COMPLETE));

        RollbackTarget previous = RollbackTarget.choose(latest, null);
        RollbackTarget named = RollbackTarget.choose(latest, "1.1.0");
        RollbackTarget byCsv = RollbackTarget.choose(latest, "widget-operator.v1.0.0");

        assertThat(previous).isInstanceOfSatisfying(RollbackTarget.Chosen.class, chosen -> {
            assertThat(chosen.target().version()).as("1.1.0 failed: it is skipped").isEqualTo("1.0.0");
            assertThat(chosen.line()).isEqualTo("from 1.2.0 to 1.0.0");
        });
        assertThat(((RollbackTarget.Chosen) named).targetName()).as("named, whatever its end").isEqualTo("1.1.0");
        assertThat(((RollbackTarget.Chosen) byCsv).targetName()).isEqualTo("1.0.0");
    }

    @Test
    void nothingToGoBackToIsRefusedNamingTheHistory() {
        InstallRecord one = history(List.of("1.0.0"), List.of(InstallPlanPhase.COMPLETE));
        InstallRecord two = history(List.of("1.0.0", "1.1.0"), List.of(InstallPlanPhase.COMPLETE, InstallPlanPhase.COMPLETE));

        assertThat(RollbackTarget.choose(one, null)).isEqualTo(new RollbackTarget.Refused("no earlier version of "
                + "widget-operator in namespace ns was installed Complete to roll back to (its history: 1.0.0 (Complete))"));
        assertThat(RollbackTarget.choose(two, "1.1.0")).isEqualTo(new RollbackTarget.Refused(
                "widget-operator in namespace ns is at 1.1.0 already"));
        assertThat(RollbackTarget.choose(two, "0.9.0")).isEqualTo(new RollbackTarget.Refused("--to 0.9.0: no such version "
                + "in the history of widget-operator in namespace ns (its history: 1.0.0 (Complete) -> 1.1.0 (Complete)); "
                + "a rollback goes back to a version installed there before"));
    }

    /** The record of the last of {@code versions}, installed one after the other with these ends. */
    private static InstallRecord history(List<String> versions, List<InstallPlanPhase> phases) {
        InstallRecord latest = null;
        for (int i = 0; i < versions.size(); i++) {
            String csv = "widget-operator.v" + versions.get(i);
            Step step = new Step(csv, new StepResource("operators.coreos.com", "v1alpha1", "ClusterServiceVersion", csv,
                    "ns", TestPlans.PACKAGE, "manifests/csv.yaml", "{\"apiVersion\":\"operators.coreos.com/v1alpha1\","
                            + "\"kind\":\"ClusterServiceVersion\",\"metadata\":{\"name\":\"" + csv + "\"},"
                            + "\"spec\":{\"version\":\"" + versions.get(i) + "\"}}"), false, StepStatus.CREATED, null);
            InstallPlan base = TestPlans.plan("ns", List.of(step), phases.get(i));
            InstallPlan plan = new InstallPlan(base.metadata(), new InstallPlan.Spec("Automatic", true, List.of(csv)),
                    base.status());
            latest = InstallRecord.fromPlan(plan, TestPlans.origin("ns", T.plusSeconds(i)), List.of(), List.of(), latest);
        }
        return latest;
    }
}
