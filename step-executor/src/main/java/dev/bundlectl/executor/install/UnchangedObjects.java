package dev.bundlectl.executor.install;

import dev.bundlectl.executor.records.AppliedState;
import dev.bundlectl.executor.records.InstallRecord;
import dev.bundlectl.executor.records.ObjectRef;
import dev.bundlectl.executor.records.RecordedStep;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.Step;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The steps whose objects nobody has written since the last install applied them: the preflight's
 * dry run found each with the {@code resourceVersion} that install's apply left, and the body to
 * send has the digest it sent then. Applying such an object again would change nothing, so the
 * run leaves the apply out (kapp, likewise, sends nothing for an object without a diff).
 */
final class UnchangedObjects {

    private UnchangedObjects() {
    }

    /**
     * By step index, the state of each unchanged object.
     *
     * @param previous the last install's record, or null on a first install
     * @param plan the plan to run, with the preflight's indexes
     * @param live by step index, what the preflight's dry run found
     */
    static Map<Integer, AppliedState> since(InstallRecord previous, InstallPlan plan, Map<Integer, AppliedState> live) {
        if (previous == null || previous.dryRun() || live.isEmpty()) {
            return Map.of();
        }
        Map<Integer, AppliedState> unchanged = new HashMap<>();
        live.forEach((index, found) -> {
            Step step = plan.steps().get(index);
            ObjectRef object = ObjectRef.of(step.resource());
            Optional<AppliedState> left = previous.steps().stream()
                    .filter(recorded -> recorded.object().sameObjectAs(object))
                    .map(RecordedStep::applied)
                    .flatMap(Optional::stream)
                    .findFirst();
            if (left.isPresent() && left.get().equals(found)) {
                unchanged.put(index, found);
            }
        });
        return Map.copyOf(unchanged);
    }
}
