package dev.bundlectl.executor.lock;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Locale;

/** The words and times of the lock's one-line messages, in one place so that they read alike. */
final class LockWording {

    private static final DateTimeFormatter TIME_OF_DAY =
            DateTimeFormatter.ofPattern("HH:mm:ss'Z'", Locale.ROOT).withZone(ZoneOffset.UTC);

    private LockWording() {
    }

    /**
     * {@code install cachebox-operator.v0.3.1 by build-7/pid 4242 since 2026-11-27T18:01:02Z; its
     * lease expires at 18:01:40Z}: the expiry as a time of day when it falls on the day the holder
     * took the lock, which is nearly always, and in full otherwise.
     */
    static String holding(LeaseHolder holder) {
        return activity(holder) + " since " + instant(holder.since()) + "; its lease expires at "
                + expiry(holder);
    }

    /** {@code install cachebox-operator.v0.3.1 by build-7/pid 4242}. */
    static String activity(LeaseHolder holder) {
        String operation = holder.operation().isEmpty() ? "an unnamed operation" : holder.operation();
        return operation + " by " + holder.identity();
    }

    /** The time the holder's lease runs out, as {@link #holding} words it. */
    static String expiry(LeaseHolder holder) {
        boolean sameDay = holder.since().truncatedTo(ChronoUnit.DAYS)
                .equals(holder.expires().truncatedTo(ChronoUnit.DAYS));
        return sameDay ? TIME_OF_DAY.format(holder.expires()) : instant(holder.expires());
    }

    /** An instant to the second, in UTC: {@code 2026-11-27T18:01:02Z}. */
    static String instant(Instant instant) {
        return instant.truncatedTo(ChronoUnit.SECONDS).toString();
    }
}
