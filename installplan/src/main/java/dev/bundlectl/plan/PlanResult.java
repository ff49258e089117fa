package dev.bundlectl.plan;

import dev.bundlectl.bundle.Diagnostics;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.planned.PlannedInstall;
import java.util.Objects;

/**
 * What planning produced.
 *
 * @param planned the InstallPlan with its steps' objects and provenance, as the executor takes it;
 *     phase {@code RequiresApproval} when installable, else {@code Failed}
 * @param diagnostics warnings found while planning (a namespace replaced, a version assumed served);
 *     errors (such as an invalid {@code release.openshift.io/install-level}) mean the plan must not
 *     be applied
 * @param verdict whether the plan is expected to succeed, and why not
 */
public record PlanResult(PlannedInstall planned, Diagnostics diagnostics, PlanVerdict verdict) {

    public PlanResult {
        Objects.requireNonNull(planned, "planned");
        Objects.requireNonNull(diagnostics, "diagnostics");
        Objects.requireNonNull(verdict, "verdict");
    }

    /** The InstallPlan document, as printed and stored. */
    public InstallPlan plan() {
        return planned.plan();
    }
}
