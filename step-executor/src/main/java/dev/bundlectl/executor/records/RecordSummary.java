package dev.bundlectl.executor.records;

import dev.bundlectl.plan.model.InstallPlanPhase;
import dev.bundlectl.plan.model.StepStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * What {@code bundlectl status} shows about one install.
 *
 * @param namespace the install namespace
 * @param name the record name
 * @param packageName the package
 * @param csvName the CSV, or null
 * @param phase the phase
 * @param dryRun whether it was a dry run
 * @param startTime when the run started
 * @param duration how long it took, or null while it runs
 * @param stepCounts how many steps ended in each status, in {@link StepStatus} order; only
 *     statuses that occur are present
 * @param createdObjects how many objects the install owns
 */
public record RecordSummary(String namespace, String name, String packageName, String csvName,
        InstallPlanPhase phase, boolean dryRun, Instant startTime, Duration duration,
        Map<StepStatus, Integer> stepCounts, int createdObjects) {

    public RecordSummary {
        Objects.requireNonNull(stepCounts, "stepCounts");
        stepCounts = Collections.unmodifiableMap(stepCounts.isEmpty()
                ? new EnumMap<>(StepStatus.class) : new EnumMap<>(stepCounts));
    }

    /** The summary of a record. */
    public static RecordSummary of(InstallRecord record) {
        Map<StepStatus, Integer> counts = new EnumMap<>(StepStatus.class);
        for (RecordedStep step : record.steps()) {
            counts.merge(step.status(), 1, Integer::sum);
        }
        Duration duration = record.completionTime() == null ? null
                : Duration.between(record.startTime(), record.completionTime());
        return new RecordSummary(record.namespace(), record.name(), record.packageName(), record.csvName(),
                record.phase(), record.dryRun(), record.startTime(), duration, counts,
                record.createdObjects().size());
    }

    /** How many steps ended in {@code status}. */
    public int count(StepStatus status) {
        return stepCounts.getOrDefault(status, 0);
    }

    /** The number of steps. */
    public int totalSteps() {
        return stepCounts.values().stream().mapToInt(Integer::intValue).sum();
    }
}
