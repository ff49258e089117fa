package dev.bundlectl.cli;

import dev.bundlectl.plan.model.StepStatus;
import java.util.Map;
import java.util.stream.Collectors;

/** {@code 9 Created, 3 NotCreated}: step counts per status in status order. */
final class StepCounts {

    private StepCounts() {
    }

    static String text(Map<StepStatus, Integer> counts) {
        return counts.entrySet().stream()
                .map(entry -> entry.getValue() + " " + entry.getKey().wireName())
                .collect(Collectors.joining(", "));
    }
}
