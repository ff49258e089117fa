package dev.bundlectl.executor.ownership;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The installs a long-running process (the controller) saw standing lately, so that the installs it
 * runs one after another do not each read every owner of the objects they share again: two hundred
 * installs that share a CRD would otherwise read its owners N(N-1)/2 times. Only "it stands" is
 * remembered, and only for {@link #within}: a remembered owner that has gone since keeps its mark a
 * little longer (the object stays shared, which keeps it), while an owner read as gone is read again
 * every time, since taking over what a live install owns would be the harm (docs/semantics.md §8).
 */
public final class RecentStandings {

    /** Remembers nothing: every operation reads every owner (the command line). */
    public static final RecentStandings NONE = new RecentStandings(Duration.ZERO, Clock.systemUTC());

    private final Duration within;
    private final Clock clock;
    private final Map<InstallOwner, Instant> stood = new ConcurrentHashMap<>();

    /**
     * @param within how long an owner seen standing is taken to stand without reading it again
     * @param clock the time the answers are aged by
     */
    public RecentStandings(Duration within, Clock clock) {
        this.within = Objects.requireNonNull(within, "within");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** Whether {@code owner} was seen standing within the period. */
    public boolean stands(InstallOwner owner) {
        if (within.isZero()) {
            return false;
        }
        Instant seen = stood.get(owner);
        if (seen == null) {
            return false;
        }
        if (Duration.between(seen, clock.instant()).compareTo(within) >= 0) {
            stood.remove(owner, seen);
            return false;
        }
        return true;
    }

    /** Records that {@code standing} was just read for {@code owner}; only a present one is kept. */
    void saw(InstallOwner owner, OwnerStanding standing) {
        if (!within.isZero() && standing instanceof OwnerStanding.Present) {
            stood.put(owner, clock.instant());
        }
    }

    /** How many owners are remembered (for tests and metrics). */
    public int size() {
        return stood.size();
    }
}
