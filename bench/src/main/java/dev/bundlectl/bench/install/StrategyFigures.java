package dev.bundlectl.bench.install;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The measured installs of one strategy at one latency, and its floor.
 *
 * @param label the strategy's label
 * @param floorRounds request rounds its design needs one after another
 * @param samples the measured installs (warm-ups excluded), at least one
 */
public record StrategyFigures(String label, int floorRounds, List<Sample> samples) {

    public StrategyFigures {
        Objects.requireNonNull(label, "label");
        samples = List.copyOf(samples);
        if (samples.isEmpty()) {
            throw new IllegalArgumentException("no samples for " + label);
        }
    }

    /** The median wall time in ms (the mean of the middle two for an even count). */
    public double medianMillis() {
        return Medians.of(sortedMillis());
    }

    /** The shortest wall time in ms. */
    public double minMillis() {
        return sortedMillis()[0];
    }

    /** The longest wall time in ms. */
    public double maxMillis() {
        double[] sorted = sortedMillis();
        return sorted[sorted.length - 1];
    }

    /** Requests per install: one number when every install sent the same, else {@code min-max}. */
    public String requests() {
        long min = samples.stream().mapToLong(Sample::requests).min().orElseThrow();
        long max = samples.stream().mapToLong(Sample::requests).max().orElseThrow();
        return min == max ? Long.toString(min) : min + "-" + max;
    }

    /** How long the proxy held this strategy's requests, over all its measured installs. */
    public HoldTimes holds() {
        return HoldTimes.combine(samples.stream().map(Sample::holds).toList());
    }

    /** The floor in ms at {@code latencyMillis} per request. */
    public double floorMillis(long latencyMillis) {
        return (double) floorRounds * latencyMillis;
    }

    private double[] sortedMillis() {
        double[] millis = samples.stream().mapToDouble(Sample::millis).toArray();
        Arrays.sort(millis);
        return millis;
    }
}
