package dev.bundlectl.controller.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.bundle.read.BundleReader;
import dev.bundlectl.controller.testing.SampleBundles;
import dev.bundlectl.plan.InstallPlanner;
import dev.bundlectl.plan.PlanRequest;
import dev.bundlectl.plan.api.ApiSurfaces;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepStatus;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlanDigestTest {

    private static InstallPlan plan(Path bundle) {
        return new InstallPlanner().plan(new BundleReader().read(bundle).bundle().orElseThrow(),
                PlanRequest.of("ops", ApiSurfaces.builtIn(), bundle.toString())).plan();
    }

    @Test
    void theSameBundleGivesTheSameDigestWhereverItLies(@TempDir Path tmp) {
        InstallPlan here = plan(SampleBundles.cachebox());
        InstallPlan copy = plan(SampleBundles.changedCopy(tmp.resolve("copy"), "x"));

        assertThat(PlanDigest.of(here)).matches("sha256:[0-9a-f]{64}").isEqualTo(PlanDigest.of(plan(SampleBundles.cachebox())));
        assertThat(PlanDigest.of(copy)).as("a changed manifest").isNotEqualTo(PlanDigest.of(here));
    }

    @Test
    void aChangedPredictionOrOptionalityIsANewPlanButAChangedMessageIsNot() {
        InstallPlan plan = plan(SampleBundles.cachebox());
        List<Step> steps = new ArrayList<>(plan.steps());
        Step first = steps.get(0);
        String digest = PlanDigest.of(plan);

        steps.set(0, new Step(first.resolving(), first.resource(), first.optional(), first.status(), "other words",
                first.parent(), first.optionalBy()));
        assertThat(PlanDigest.of(with(plan, steps))).isEqualTo(digest);
        steps.set(0, new Step(first.resolving(), first.resource(), first.optional(), StepStatus.NOT_CREATED,
                first.message(), first.parent(), first.optionalBy()));
        assertThat(PlanDigest.of(with(plan, steps))).isNotEqualTo(digest);
        steps.set(0, new Step(first.resolving(), first.resource(), !first.optional(), first.status(),
                first.message(), first.parent(), first.optionalBy()));
        assertThat(PlanDigest.of(with(plan, steps))).isNotEqualTo(digest);
    }

    private static InstallPlan with(InstallPlan plan, List<Step> steps) {
        InstallPlan.Status status = plan.status();
        return plan.withStatus(new InstallPlan.Status(status.phase(), status.conditions(), steps, status.startTime(),
                status.completionTime(), status.message(), status.capabilities()));
    }
}
