package dev.bundlectl.cli;

import dev.bundlectl.executor.waiting.Blocking;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bundlectl.bundle.yaml.Mappers;
import dev.bundlectl.executor.planning.ClusterPlanning;
import dev.bundlectl.executor.planning.CrdSafetyCheck;
import dev.bundlectl.executor.planning.PlanTarget;
import dev.bundlectl.executor.planning.UpgradeOutcome;
import dev.bundlectl.executor.records.PreviousInstall;
import dev.bundlectl.plan.planned.PlannedInstall;
import java.io.PrintWriter;
import dev.bundlectl.bundle.Diagnostics;
import dev.bundlectl.plan.PlanResult;
import dev.bundlectl.plan.PlanVerdict;
import dev.bundlectl.plan.crdsafety.CrdSafetyPolicy;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.upgrade.UpgradeSteps;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line's side of upgrade planning ({@link ClusterPlanning#upgrade}, which the controller
 * shares): an unconnected CSV is invalid input unless forced, warnings go to stderr, and what the
 * plan's CRD updates would break is said ({@link ClusterPlanning#crdSafety}); and a reviewed plan's
 * delete and keep steps are checked against the latest install record.
 */
final class UpgradePlanning {

    private static final ObjectMapper JSON = Mappers.json();

    private final ClusterPlanning cluster;
    private final PrintWriter err;
    private final CrdSafetyPolicy crdSafety;

    /**
     * @param cluster reads which of the plan's objects exist now, and its live CRDs
     * @param err where warnings go
     * @param crdSafety what a CRD update that would break stored objects does to the plan
     */
    UpgradePlanning(ClusterPlanning cluster, PrintWriter err, CrdSafetyPolicy crdSafety) {
        this.cluster = cluster;
        this.err = err;
        this.crdSafety = crdSafety;
    }

    /**
     * The plan for installing {@code result}'s bundle into {@code target}, given the latest install
     * that the planning reading found.
     *
     * @throws UserInputException naming both versions when the new CSV does not upgrade from the
     *     installed one and {@code force} is not set
     * @throws RefusedOnClusterException when a forced lower version's CRDs fail the rollback checks
     */
    PlanResult apply(PlanResult result, PreviousInstall previous, PlanTarget target, boolean force) {
        UpgradeOutcome outcome = Blocking.result(cluster.upgrade(result, previous, target, force));
        if (outcome instanceof UpgradeOutcome.Refused refused) {
            throw new UserInputException(refused.decision().message());
        }
        if (outcome instanceof UpgradeOutcome.RollbackRefused refused) {
            refused.warnings().forEach(warning -> err.println("warning: " + warning));
            throw new RefusedOnClusterException(List.of(refused.reason()));
        }
        UpgradeOutcome.Planned planned = (UpgradeOutcome.Planned) outcome;
        planned.warnings().forEach(warning -> err.println("warning: " + warning));
        // What its CRD updates would break (docs/semantics.md §9); a refused plan is predicted to fail.
        CrdSafetyCheck checked = Blocking.result(cluster.crdSafety(planned.result(), previous, crdSafety));
        String prefix = checked.refused() ? "error: " : "warning: ";
        checked.lines().forEach(line -> err.println(prefix + TerminalText.safe(line)));
        return checked.result();
    }

    /**
     * A reviewed plan, checked against the latest install record: its CSV must still upgrade from
     * the installed one (or be forced), and its delete and keep steps must be those the record
     * asks for now, object for object and uid for uid; otherwise the file was made against another
     * install (or offline) and is refused before anything is written.
     *
     * @param plan the reviewed plan, its delete and keep steps at the end
     * @param source the plan file, for messages
     * @return the plan to apply: the bundle's steps, marked afresh, and the checked delete and keep steps
     */
    PlannedInstall checkReviewed(PlannedInstall plan, PreviousInstall previous, PlanTarget target, String source,
            boolean force) {
        InstallPlan bundleOnly = UpgradeSteps.bundleOnly(plan.plan());
        PlannedInstall bundleSteps = PlannedInstall.of(bundleOnly, plan.steps().subList(0, bundleOnly.steps().size()));
        PlanResult fresh = apply(new PlanResult(bundleSteps, Diagnostics.NONE, PlanVerdict.of(bundleOnly.steps())),
                previous, target, force);
        List<String> reviewed = describe(UpgradeSteps.previousInstallSteps(plan.plan()));
        List<String> now = describe(UpgradeSteps.previousInstallSteps(fresh.plan()));
        if (!reviewed.equals(now)) {
            throw new UserInputException(source + ": the plan's delete and keep steps " + (reviewed.isEmpty() ? "(none)"
                    : String.join(", ", reviewed)) + " are not those the latest install of " + target.packageName()
                    + " in namespace " + target.namespace() + " asks for now (" + (now.isEmpty() ? "none"
                    : String.join(", ", now)) + "); nothing was applied: plan again against the cluster and review the "
                    + "new plan");
        }
        return fresh.planned();
    }
    /** {@code Delete ConfigMap/ns/name (uid …)} for each step, for comparing and for messages. */
    private static List<String> describe(List<Step> steps) {
        List<String> described = new ArrayList<>();
        for (Step step : steps) {
            String uid = uidOf(step);
            described.add(step.action().wireName() + " " + step.resource().displayName()
                    + (uid == null ? "" : " (uid " + uid + ")"));
        }
        return described;
    }

    private static String uidOf(Step step) {
        try {
            JsonNode uid = JSON.readTree(step.resource().manifest() == null ? "{}" : step.resource().manifest())
                    .path("metadata").path("uid");
            return uid.isTextual() ? uid.asText() : null;
        } catch (JsonProcessingException e) {
            // An unreadable manifest names no uid; the comparison then fails on its own.
            return null;
        }
    }
}
