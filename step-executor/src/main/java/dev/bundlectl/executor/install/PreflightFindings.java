package dev.bundlectl.executor.install;

import dev.bundlectl.executor.apply.PreflightFinding;
import dev.bundlectl.executor.ownership.ObservedObject;
import dev.bundlectl.executor.ownership.OwnershipDecision;
import dev.bundlectl.executor.records.InstallRecord;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepAction;
import java.util.HashMap;
import java.util.Map;

/**
 * What a preflight found that lets the real run leave requests out, by step index: the objects
 * nobody has written since the last install ({@link UnchangedObjects}) and the create-only objects
 * already there. And whether that leaves the real run nothing to write, so that it needs no record
 * saved before it starts (a record exists so that what a run wrote is known even if the run never
 * ends; a run that writes nothing is recorded once, when it ends).
 */
final class PreflightFindings {

    private PreflightFindings() {
    }

    /**
     * By step index, what the preflight found.
     *
     * @param previous the last install's record, or null on a first install
     */
    static Map<Integer, PreflightFinding> of(InstallRecord previous, ServerPreflight.Checked checked) {
        Map<Integer, PreflightFinding> found = new HashMap<>();
        UnchangedObjects.since(previous, checked.plan(), checked.live()).forEach((index, state) -> {
            if (listedAlready(checked, index)) {
                found.put(index, new PreflightFinding.Unchanged(state));
            }
        });
        checked.existing().forEach(index -> found.put(index, new PreflightFinding.Existing()));
        return Map.copyOf(found);
    }

    /**
     * Whether an object the install owns already lists it, as the dry run found it: an object
     * written before one list per package (by an earlier release, whose body was the same) is not,
     * and its apply is sent so that its list write follows (docs/semantics.md §8). One the install
     * does not own has nothing to list.
     */
    private static boolean listedAlready(ServerPreflight.Checked checked, int index) {
        if (!(checked.ownership().decisions().get(index) instanceof OwnershipDecision.Owned)) {
            return true;
        }
        ObservedObject seen = checked.observed().get(index);
        return seen != null && seen.owners().lists(checked.ownership().owner());
    }

    /**
     * Whether the real run of {@code plan} will send no write: each of its steps is either one it
     * never sends ({@code NotCreated}, {@code UnsupportedResource}) or one whose request a finding
     * leaves out. A delete step always writes.
     */
    static boolean leaveNothingToWrite(InstallPlan plan, Map<Integer, PreflightFinding> found) {
        for (int index = 0; index < plan.steps().size(); index++) {
            Step step = plan.steps().get(index);
            if (step.status().isNeverSent()) {
                continue;
            }
            if (step.action() == StepAction.DELETE || !found.containsKey(index)) {
                return false;
            }
        }
        return true;
    }
}
