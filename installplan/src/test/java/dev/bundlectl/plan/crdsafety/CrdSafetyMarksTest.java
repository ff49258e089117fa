package dev.bundlectl.plan.crdsafety;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import dev.bundlectl.crdschema.upgrade.UpgradeCheck;
import dev.bundlectl.crdschema.upgrade.UpgradeFinding;
import dev.bundlectl.plan.PlanVerdict;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.InstallPlanPhase;
import dev.bundlectl.plan.model.PlanCondition;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepResource;
import dev.bundlectl.plan.model.StepStatus;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CrdSafetyMarksTest {

    private static final String CACHES = "caches.cache.bundlectl.dev";
    private static final String BACKUPS = "cachebackups.cache.bundlectl.dev";
    private static final UpgradeFinding REMOVED = new UpgradeFinding(CACHES, "v1alpha1", ".spec.memory",
            UpgradeCheck.EXISTING_FIELD_REMOVAL, "removed", "a field of type string", null);
    private static final UpgradeFinding NARROWED = new UpgradeFinding(CACHES, "v1alpha1", ".spec.tier",
            UpgradeCheck.ENUM, "values removed: \"gold\"", "[\"bronze\",\"gold\"]", "[\"bronze\"]");
    private static final CrdUpdateFindings FOUND = new CrdUpdateFindings(List.of(
            new CrdUpdateFindings.CrdUpdate(CACHES, List.of(REMOVED, NARROWED)),
            new CrdUpdateFindings.CrdUpdate(BACKUPS, List.of())), List.of());

    @Test
    void warnLeavesEveryStepAndSaysWhatWouldBreakInTheCondition() {
        InstallPlan marked = CrdSafetyMarks.apply(plan(), FOUND, CrdSafetyPolicy.WARN);

        assertThat(marked.steps()).isEqualTo(plan().steps());
        assertThat(PlanVerdict.of(marked.steps()).installable()).isTrue();
        PlanCondition condition = marked.condition(CrdSafetyMarks.CONDITION_TYPE).orElseThrow();
        assertThat(condition.status()).isEqualTo("False");
        assertThat(condition.reason()).isEqualTo(CrdSafetyMarks.WARNED);
        assertThat(condition.message()).isEqualTo("warned: the install goes on, as OLM v0's would; the strict policy "
                + "refuses it: 2 findings in 1 CRD: " + REMOVED.describe() + "; " + NARROWED.describe());
        assertThat(CrdSafetyMarks.refused(marked)).isFalse();
        assertThat(CrdSafetyMarks.warned(marked)).contains(condition.message());
    }

    @Test
    void strictFailsTheStepOfEachCrdWithFindingsAndNoOther() {
        InstallPlan marked = CrdSafetyMarks.apply(plan(), FOUND, CrdSafetyPolicy.STRICT);

        assertThat(marked.steps()).extracting(step -> step.resource().name(), Step::status).containsExactly(
                tuple(CACHES, StepStatus.FAILED), tuple(BACKUPS, StepStatus.UNKNOWN), tuple("defaults", StepStatus.UNKNOWN));
        assertThat(marked.steps().get(0).message()).isEqualTo("refused by CRD upgrade safety (strict): v1alpha1 "
                + ".spec.memory: existingFieldRemoval: removed (was a field of type string); v1alpha1 .spec.tier: enum: "
                + "values removed: \"gold\" (was [\"bronze\",\"gold\"], now [\"bronze\"])");
        assertThat(PlanVerdict.of(marked.steps()).installable()).isFalse();
        assertThat(CrdSafetyMarks.refused(marked)).isTrue();
        assertThat(marked.condition(CrdSafetyMarks.CONDITION_TYPE).orElseThrow().message())
                .startsWith("refused (strict): 2 findings in 1 CRD: ");
    }

    @Test
    void nothingFoundIsSaidAndNothingComparedLeavesThePlanAsItWas() {
        CrdUpdateFindings safe = new CrdUpdateFindings(List.of(new CrdUpdateFindings.CrdUpdate(BACKUPS, List.of())),
                List.of());

        InstallPlan marked = CrdSafetyMarks.apply(plan(), safe, CrdSafetyPolicy.STRICT);

        assertThat(marked.condition(CrdSafetyMarks.CONDITION_TYPE).orElseThrow())
                .extracting(PlanCondition::status, PlanCondition::reason, PlanCondition::message)
                .containsExactly("True", CrdSafetyMarks.SAFE, "1 CRD update checked: nothing stored would break");
        assertThat(CrdSafetyMarks.apply(plan(), CrdUpdateFindings.NONE, CrdSafetyPolicy.STRICT)).isEqualTo(plan());
    }

    @Test
    void anUnreadCrdIsUnknownAndALineOfItsOwn() {
        CrdUpdateFindings unread = new CrdUpdateFindings(List.of(), List.of("CustomResourceDefinition " + CACHES
                + ": forbidden"));

        InstallPlan marked = CrdSafetyMarks.apply(plan(), unread, CrdSafetyPolicy.STRICT);

        assertThat(marked.condition(CrdSafetyMarks.CONDITION_TYPE).orElseThrow().status()).isEqualTo("Unknown");
        assertThat(PlanVerdict.of(marked.steps()).installable()).as("an unread CRD is not refused").isTrue();
        assertThat(CrdSafetyMarks.lines(unread)).containsExactly("CRD upgrade safety: not checked: "
                + "CustomResourceDefinition " + CACHES + ": forbidden");
    }

    @Test
    void manyFindingsAreNamedThreeAndCounted() {
        List<UpgradeFinding> many = List.of(REMOVED, NARROWED, REMOVED, NARROWED, REMOVED);

        assertThat(CrdSafetyMarks.named(many, UpgradeFinding::describe)).endsWith("(and 2 more)");
    }

    @Test
    void thePolicyIsEitherWordInAnyCase() {
        assertThat(CrdSafetyPolicy.of("Strict")).contains(CrdSafetyPolicy.STRICT);
        assertThat(CrdSafetyPolicy.of("warn")).contains(CrdSafetyPolicy.WARN);
        assertThat(CrdSafetyPolicy.of("None")).isEmpty();
    }

    private static InstallPlan plan() {
        return new InstallPlan(new InstallPlan.Metadata("cachebox-operator", "demo", Map.of()),
                new InstallPlan.Spec("Manual", false, List.of("cachebox-operator.v0.4.0")),
                new InstallPlan.Status(InstallPlanPhase.REQUIRES_APPROVAL, List.of(), List.of(crd(CACHES),
                        crd(BACKUPS), new Step("cachebox-operator.v0.4.0", new StepResource("", "v1", "ConfigMap",
                                "defaults", "demo", "cachebox-operator", "m.yaml", "{}"), false, StepStatus.UNKNOWN,
                                null)), null, null, "installable", null));
    }

    private static Step crd(String name) {
        return new Step("cachebox-operator.v0.4.0", new StepResource("apiextensions.k8s.io", "v1",
                "CustomResourceDefinition", name, null, "cachebox-operator", "m.yaml", "{}"), false, StepStatus.UNKNOWN,
                null);
    }
}
