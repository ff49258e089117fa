package dev.bundlectl.controller.reconcile;

import dev.bundlectl.controller.api.ApprovalMode;
import dev.bundlectl.controller.api.BundleInstallSpec;

/**
 * Manual approval without OLM's pitfalls: an approval names the digest of one plan, so it can never
 * approve a plan that changed after the person looked (OLM approves an InstallPlan object, whose
 * content a new bundle version replaces), and every new plan needs its own approval.
 */
public final class ApprovalGate {

    private ApprovalGate() {
    }

    /** Whether the plan with {@code planDigest} may be installed under {@code spec}. */
    public static boolean mayInstall(BundleInstallSpec spec, String planDigest) {
        return spec.approval() == ApprovalMode.Automatic || planDigest.equals(spec.approvedPlan());
    }

    /** The status message while a plan waits: what to run to approve it, and whether an older approval went stale. */
    public static String waitingMessage(BundleInstallSpec spec, String name, String namespace, String planDigest) {
        String approve = "approve it with: bundlectl approve " + name + " -n " + namespace;
        if (spec.approvedPlan() == null) {
            return "plan " + planDigest + " requires approval; " + approve;
        }
        return "the approved plan " + spec.approvedPlan() + " is no longer the current plan " + planDigest
                + " (the bundle or the cluster changed); " + approve;
    }
}
