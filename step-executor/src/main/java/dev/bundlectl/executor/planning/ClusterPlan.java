package dev.bundlectl.executor.planning;

import java.util.Objects;
import java.util.Optional;

/**
 * A plan made against a live cluster, with what was read from it.
 *
 * @param reading what the cluster said; its notes come before the plan's own diagnostics
 * @param result what the planner made (a {@link dev.bundlectl.plan.PlanResult}, or the caller's
 *     wrapper of one); empty when the reading was {@linkplain ClusterReading#refused() refused}
 * @param <T> what the planner returns
 */
public record ClusterPlan<T>(ClusterReading reading, Optional<T> result) {

    public ClusterPlan {
        Objects.requireNonNull(reading, "reading");
        Objects.requireNonNull(result, "result");
    }
}
