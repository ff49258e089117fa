package dev.bundlectl.bench.install;

import java.util.Collection;
import java.util.List;

/**
 * How long the delaying proxy held requests before forwarding them: the latency it really added,
 * request by request (timers fire a little after their time, never before).
 *
 * @param count how many requests
 * @param minMillis the shortest hold
 * @param medianMillis the median hold
 * @param maxMillis the longest hold
 */
public record HoldTimes(long count, double minMillis, double medianMillis, double maxMillis) {

    /** No requests held. */
    public static final HoldTimes NONE = new HoldTimes(0, Double.NaN, Double.NaN, Double.NaN);

    /** The summary of holds given in nanoseconds. */
    public static HoldTimes ofNanos(Collection<Long> nanos) {
        if (nanos.isEmpty()) {
            return NONE;
        }
        double[] millis = nanos.stream().mapToDouble(each -> each / 1e6).toArray();
        double min = Double.MAX_VALUE;
        double max = -Double.MAX_VALUE;
        for (double each : millis) {
            min = Math.min(min, each);
            max = Math.max(max, each);
        }
        return new HoldTimes(millis.length, min, Medians.of(millis), max);
    }

    /**
     * Several installs' holds together: the shortest and longest of all, and the median of their
     * medians (each install has about the same number of requests).
     */
    public static HoldTimes combine(List<HoldTimes> parts) {
        List<HoldTimes> some = parts.stream().filter(part -> part.count() > 0).toList();
        if (some.isEmpty()) {
            return NONE;
        }
        return new HoldTimes(some.stream().mapToLong(HoldTimes::count).sum(),
                some.stream().mapToDouble(HoldTimes::minMillis).min().orElseThrow(),
                Medians.of(some.stream().mapToDouble(HoldTimes::medianMillis).toArray()),
                some.stream().mapToDouble(HoldTimes::maxMillis).max().orElseThrow());
    }
}
