package dev.bundlectl.executor.apply;

import java.time.Duration;

/** Short human-readable durations for messages: {@code 250ms}, {@code 2s}, {@code 1m30s}. */
public final class Durations {

    private Durations() {
    }

    /** Formats a duration the way Go prints short durations. */
    public static String format(Duration duration) {
        long millis = duration.toMillis();
        if (millis < 1000) {
            return millis + "ms";
        }
        long seconds = duration.toSeconds();
        long minutes = seconds / 60;
        long rest = seconds % 60;
        if (minutes == 0) {
            return millis % 1000 == 0 ? seconds + "s" : String.format(java.util.Locale.ROOT, "%.1fs", millis / 1000.0);
        }
        return rest == 0 ? minutes + "m" : minutes + "m" + rest + "s";
    }
}
