package dev.bundlectl.source.registry;

import java.time.Duration;

/**
 * When a registry says "later" (429, 502, 503, 504), how often and how long to try again: a few
 * attempts with a doubling pause, or the registry's {@code Retry-After} when it gives one, both
 * capped so that a pull never waits long. (The executor's retry policy serves the cluster, in a
 * module this one may not depend on; this is the small bounded policy a pull needs.)
 *
 * @param attempts the most requests made in all
 * @param firstPause the pause before the second attempt, doubled after each
 * @param longestPause the cap on any pause, Retry-After included
 */
public record RetryPolicy(int attempts, Duration firstPause, Duration longestPause) {

    /** Four attempts over at most about 7 seconds. */
    public static final RetryPolicy DEFAULT = new RetryPolicy(4, Duration.ofMillis(500), Duration.ofSeconds(4));

    /** Whether {@code status} is worth another attempt. */
    public static boolean retryable(int status) {
        return status == 429 || status == 502 || status == 503 || status == 504;
    }

    /**
     * The pause before attempt {@code attempt + 1} (attempt counts from 1).
     *
     * @param retryAfter the header's value, or null
     */
    public Duration pause(int attempt, String retryAfter) {
        Duration pause = firstPause.multipliedBy(1L << Math.min(attempt - 1, 10));
        if (retryAfter != null) {
            try {
                pause = Duration.ofSeconds(Long.parseLong(retryAfter.strip()));
            } catch (NumberFormatException e) {
                // An HTTP date: keep the doubling pause rather than trusting a clock we do not share.
            }
        }
        return pause.compareTo(longestPause) > 0 ? longestPause : pause;
    }
}
