package dev.bundlectl.plan;

import dev.bundlectl.plan.olm.OlmNotes;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepAction;
import dev.bundlectl.plan.api.DiscoveryFailures;
import dev.bundlectl.plan.payload.StepManifests;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether a plan can succeed. A plan is predicted to fail when a required step cannot: its kind
 * is not allowed in a registry+v1 bundle, it has failed, or the planner found its API missing.
 */
public sealed interface PlanVerdict permits PlanVerdict.Installable, PlanVerdict.PredictedToFail {

    /** The verdict of a plan with no blocking step. */
    PlanVerdict INSTALLABLE = new Installable();

    /** Whether the plan is expected to succeed. */
    boolean installable();

    /** Why the plan will fail, one line per blocking step; empty when installable. */
    List<String> reasons();

    /**
     * Judges steps. A required step blocks the plan when its status is
     * {@code UnsupportedResource} or {@code Failed}, or when it is {@code Unknown} with a message:
     * the planner leaves a message on an {@code Unknown} step to say why it will fail, except where
     * the discovery of its API failed ({@link DiscoveryFailures}), which predicts nothing, and on a
     * step that deletes its object ({@code release.openshift.io/delete}), where the message says
     * what the delete will do (as on an upgrade's delete step), and on a step whose message only
     * says it was converted from a removed API version, or only notes what an OLM-mode plan added
     * ({@link OlmNotes}).
     *
     * @param steps the plan's steps
     * @return the verdict; reasons read {@code Kind/namespace/name: message}
     */
    static PlanVerdict of(List<Step> steps) {
        List<String> reasons = new ArrayList<>();
        for (Step step : steps) {
            if (blocks(step)) {
                // A long list of the server's problems is the step's to show in full; a reason names the first.
                reasons.add(step.resource().displayName() + ": " + (step.message() == null ? step.status().wireName()
                        : ProblemList.brief(step.message())));
            }
        }
        return reasons.isEmpty() ? INSTALLABLE : new PredictedToFail(reasons);
    }

    /** Whether this step stops the plan from succeeding; see {@link #of}. */
    static boolean blocks(Step step) {
        if (step.optional()) {
            return false;
        }
        switch (step.status()) {
            case UNSUPPORTED_RESOURCE:
            case FAILED:
                return true;
            case UNKNOWN:
                // An upgrade's delete step says what the delete will do, not why it would fail.
                // The manifest is read last: the message alone settles most steps.
                return step.message() != null && step.action() != StepAction.DELETE
                        && !DiscoveryFailures.isDiscoveryFailure(step.message())
                        && !ConversionNotes.isNoteOnly(step.message()) && !OlmNotes.isNoteOnly(step.message())
                        && !StepManifests.asksForDeletion(step);
            default:
                return false;
        }
    }

    /** Every required step can be applied, as far as can be told before applying. */
    record Installable() implements PlanVerdict {

        @Override
        public boolean installable() {
            return true;
        }

        @Override
        public List<String> reasons() {
            return List.of();
        }
    }

    /**
     * At least one required step cannot succeed.
     *
     * @param reasons one line per blocking step, never empty
     */
    record PredictedToFail(List<String> reasons) implements PlanVerdict {

        public PredictedToFail {
            reasons = List.copyOf(reasons);
            if (reasons.isEmpty()) {
                throw new IllegalArgumentException("a failing verdict needs a reason");
            }
        }

        @Override
        public boolean installable() {
            return false;
        }
    }
}
