package dev.bundlectl.plan.planned;

import dev.bundlectl.plan.model.InstallPlan;

/** Whether a plan is a bundle's or a release payload's, as its metadata annotation says. */
public final class PlanLayout {

    /** The plan metadata annotation that marks a payload plan. */
    public static final String ANNOTATION = "bundlectl.dev/layout";
    /** Its value for a release payload. */
    public static final String PAYLOAD = "payload";

    private PlanLayout() {
    }

    /** Whether the plan is a release payload's: the executor runs it in run-graph order. */
    public static boolean isPayload(InstallPlan plan) {
        return PAYLOAD.equals(plan.metadata().annotations().get(ANNOTATION));
    }
}
