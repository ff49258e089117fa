package dev.bundlectl.plan;

import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.api.GroupVersionKind;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The wording of a required step whose API the target does not serve, and the hint a plan that
 * fails only for such steps gives: {@code pass --optional-api monitoring.coreos.com to install
 * without them}. The hint is given only when every blocking step is a bundle object whose API is
 * not served and whose kind {@code --optional-api} can make optional (not a CSV, a CRD or a core
 * kind), so that passing it really makes the plan installable as far as the plan can tell.
 */
public final class UnservedApiHint {

    private static final String PREFIX = "GroupVersionKind ";
    private static final String SUFFIX = " not found on the cluster";

    private UnservedApiHint() {
    }

    /**
     * OLM's own message for a required step whose API is not served, so that users who know OLM
     * recognise the failure.
     *
     * @param note what is served instead, e.g. {@code  (served version: v1)}; empty for nothing
     */
    static String unservedMessage(GroupVersionKind gvk, String note) {
        return PREFIX + gvk.kubernetesString() + SUFFIX + note;
    }

    /** The hint for a plan with these steps, if it fails only because of APIs the flag can make optional. */
    public static Optional<String> of(List<Step> steps) {
        Set<String> groups = new LinkedHashSet<>();
        for (Step step : steps) {
            if (!PlanVerdict.blocks(step)) {
                continue;
            }
            if (!couldBeMadeOptional(step)) {
                return Optional.empty();
            }
            groups.add(step.resource().group());
        }
        if (groups.isEmpty()) {
            return Optional.empty();
        }
        StringBuilder hint = new StringBuilder("pass");
        groups.forEach(group -> hint.append(" --optional-api ").append(group));
        return Optional.of(hint.append(" to install without them").toString());
    }

    private static boolean couldBeMadeOptional(Step step) {
        String group = step.resource().group();
        return step.parent() == null && step.status() == StepStatus.UNKNOWN && isUnserved(step.message())
                && group != null && !group.isEmpty() && StepKinds.canBeOptional(group, step.resource().kind());
    }

    private static boolean isUnserved(String message) {
        return message != null && message.startsWith(PREFIX) && message.contains(SUFFIX);
    }
}
