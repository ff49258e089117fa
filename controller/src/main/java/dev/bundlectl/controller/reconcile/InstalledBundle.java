package dev.bundlectl.controller.reconcile;

import dev.bundlectl.plan.model.InstallPlan;

/**
 * How an install of a planned bundle ended.
 *
 * @param plan the plan with every step's final status
 * @param complete whether the install ended Complete
 * @param message the install's one-line summary
 */
public record InstalledBundle(InstallPlan plan, boolean complete, String message) {
}
