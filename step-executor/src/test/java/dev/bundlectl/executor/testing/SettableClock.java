package dev.bundlectl.executor.testing;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A UTC clock a test sets or moves on by hand, for code that ages what it remembers. */
public final class SettableClock extends Clock {

    private volatile Instant now;

    /** A clock at {@code start}. */
    public SettableClock(Instant start) {
        this.now = start;
    }

    /** Sets the time. */
    public void set(Instant instant) {
        now = instant;
    }

    /** Moves the time on by {@code by}. */
    public void advance(Duration by) {
        now = now.plus(by);
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }

    @Override
    public Instant instant() {
        return now;
    }
}
