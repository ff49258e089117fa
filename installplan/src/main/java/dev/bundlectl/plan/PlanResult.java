package dev.bundlectl.plan;

import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.bundle.Diagnostics;
import java.util.Objects;

/**
 * What planning produced.
 *
 * @param plan the InstallPlan; phase {@code RequiresApproval} when installable, else {@code Failed}
 * @param diagnostics warnings found while planning (a namespace replaced, a version assumed served);
 *     errors (such as an invalid {@code release.openshift.io/install-level}) mean the plan must not
 *     be applied
 * @param verdict whether the plan is expected to succeed, and why not
 */
public record PlanResult(InstallPlan plan, Diagnostics diagnostics, PlanVerdict verdict) {

    public PlanResult {
        Objects.requireNonNull(plan, "plan");
        Objects.requireNonNull(diagnostics, "diagnostics");
        Objects.requireNonNull(verdict, "verdict");
    }
}
