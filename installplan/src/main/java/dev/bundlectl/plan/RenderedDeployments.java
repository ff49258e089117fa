package dev.bundlectl.plan;

import dev.bundlectl.bundle.kinds.GroupKind;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.Step;
import java.util.List;

/**
 * The Deployments a plan renders from its CSV: what {@code --wait} waits for to be available
 * before it reports an operator installed, since without OLM no CSV phase says so.
 */
public final class RenderedDeployments {

    private RenderedDeployments() {
    }

    /** The steps of this plan that apply a Deployment rendered from the CSV, in plan order. */
    public static List<Step> of(InstallPlan plan) {
        return plan.steps().stream().filter(RenderedDeployments::isRenderedDeployment).toList();
    }

    /** Whether this step applies a Deployment rendered from a CSV (it has a {@link Step#parent()}). */
    public static boolean isRenderedDeployment(Step step) {
        return step.parent() != null && GroupKind.DEPLOYMENT.equals(step.resource().groupKind());
    }
}
