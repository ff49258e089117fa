package dev.bundlectl.bench.install;

import java.util.Arrays;

/** The median of measured values. */
final class Medians {

    private Medians() {
    }

    /** The middle value, or the mean of the middle two for an even count; {@code values} is not changed. */
    static double of(double[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("no values");
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }
}
