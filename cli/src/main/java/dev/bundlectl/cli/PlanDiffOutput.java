package dev.bundlectl.cli;

import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.executor.apply.ApplySettings;
import dev.bundlectl.executor.diff.DiffRendering;
import dev.bundlectl.executor.diff.PlanDiff;
import dev.bundlectl.executor.diff.PlanDiffer;
import dev.bundlectl.executor.diff.StepDiff;
import dev.bundlectl.executor.diff.UnifiedDiffText;
import dev.bundlectl.executor.ownership.InstallOwner;
import dev.bundlectl.executor.waiting.Blocking;
import dev.bundlectl.plan.PlanAnnotations;
import dev.bundlectl.plan.PlanResult;
import dev.bundlectl.plan.model.InstallPlan;
import java.io.PrintWriter;

/**
 * {@code plan --kubeconfig K -o diff}: what installing the plan would change, as a unified diff on
 * stdout, and on stderr a summary line and each step that could not be compared. The exit status is
 * plan's: differences are what an upgrade is for, not a failure.
 */
final class PlanDiffOutput {

    private PlanDiffOutput() {
    }

    /**
     * Diffs {@code planned} against the cluster it was planned against, as the install of its
     * package in {@code namespace} would write it, and prints it.
     *
     * @return 0, or 3 when the plan or the server's dry run says the install would fail
     */
    static int print(PlannedInput planned, ClusterConnection connection, String namespace, boolean brief,
            PrintWriter out, PrintWriter err) {
        PlanResult result = planned.result();
        InstallPlan plan = result.plan();
        // The install's owner and first-install flag, so that the dry run is the one the install sends.
        String packageName = plan.metadata().annotations().getOrDefault(PlanAnnotations.PACKAGE, plan.metadata().name());
        ApplySettings options = ApplySettings.builder()
                .firstInstall(planned.reading() == null || planned.reading().previous().record().isEmpty())
                .build();
        PlanDiff diff = Blocking.result(new PlanDiffer(connection).diff(result.planned(), options,
                new InstallOwner(namespace, packageName)));
        out.print(UnifiedDiffText.render(diff, new DiffRendering(brief, 0)));
        out.flush();
        err.println("diff: " + diff.summary());
        for (StepDiff.NotDiffable step : diff.notDiffable()) {
            err.println("  not compared: " + step.subject().displayName() + ": " + TerminalText.safe(step.reason()));
        }
        boolean refused = diff.notDiffable().stream().anyMatch(step -> step.cause() == StepDiff.Cause.REFUSED);
        if (!result.verdict().installable() || refused) {
            err.println("error: the plan cannot succeed on this cluster; an install would write nothing");
            result.verdict().reasons().forEach(reason -> err.println("  " + TerminalText.safe(reason)));
            return ExitCode.PLAN_FAILED;
        }
        return ExitCode.OK;
    }
}
