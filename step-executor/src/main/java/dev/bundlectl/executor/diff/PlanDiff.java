package dev.bundlectl.executor.diff;

import java.util.List;
import java.util.stream.Collectors;

/**
 * What a plan would change on the cluster, one {@link StepDiff} per step of the plan, in its order.
 *
 * @param steps by step index
 */
public record PlanDiff(List<StepDiff> steps) {

    public PlanDiff {
        steps = List.copyOf(steps);
    }

    /** Whether any step would change the cluster. */
    public boolean hasChanges() {
        return steps.stream().anyMatch(StepDiff::changes);
    }

    /** The steps that could not be compared, in plan order. */
    public List<StepDiff.NotDiffable> notDiffable() {
        return steps.stream().filter(StepDiff.NotDiffable.class::isInstance).map(StepDiff.NotDiffable.class::cast)
                .toList();
    }

    /** One line: {@code 2 changed, 1 created, 1 deleted, 9 unchanged, 3 not compared}, leaving out zeros but unchanged. */
    public String summary() {
        long changed = count(StepDiff.Changed.class);
        long created = count(StepDiff.Created.class);
        long deleted = count(StepDiff.Deleted.class);
        long notCompared = count(StepDiff.NotDiffable.class);
        return java.util.stream.Stream.of(
                        changed == 0 ? null : changed + " changed",
                        created == 0 ? null : created + " created",
                        deleted == 0 ? null : deleted + " deleted",
                        count(StepDiff.Unchanged.class) + " unchanged",
                        notCompared == 0 ? null : notCompared + " not compared")
                .filter(java.util.Objects::nonNull).collect(Collectors.joining(", "));
    }

    private long count(Class<? extends StepDiff> outcome) {
        return steps.stream().filter(outcome::isInstance).count();
    }
}
