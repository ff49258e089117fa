package dev.bundlectl.executor.apply;

import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.executor.ownership.InstallOwner;
import dev.bundlectl.executor.ownership.RecentStandings;

import dev.bundlectl.cluster.retry.Backoff;
import java.util.concurrent.ThreadLocalRandom;
import dev.bundlectl.cluster.retry.RetryPolicy;
import dev.bundlectl.cluster.time.Scheduler;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;

/**
 * How a plan is executed.
 *
 * @param concurrency how many steps may be in flight at once: after a bundle's CRDs are established,
 *     or across the component chains of a payload's run level
 * @param crdTimeout how long a CRD may take to become Established and NamesAccepted
 * @param timeout the overall deadline: no retry or new step starts after it
 * @param dryRunServer send every write with {@code dryRun=All}; nothing is stored and CRD waits
 *     are skipped
 * @param firstInstall this is the first install of the target: objects annotated
 *     {@code release.openshift.io/delete: "true"} are skipped instead of deleted, and install levels
 *     apply ({@code release.openshift.io/install-level}: every level-0 step is reconciled before any
 *     level-1 step starts); later installs ignore install levels
 * @param backoffBase the first retry delay; each retry doubles it
 * @param backoffMax the largest retry delay (a longer {@code Retry-After} is still honoured)
 * @param jitter the fraction of each delay that is randomised, 0 (none) to 1
 * @param crdPollInterval how often a CRD's conditions and the discovery of its kinds are polled
 * @param forceConflicts server-side apply takes over fields that another field manager owns, instead
 *     of failing the step with the conflict
 * @param scheduler time and delays; tests pass a virtual one
 * @param clock wall-clock time for plan and event timestamps
 * @param preflight before the first write, send the plan's steps as a server-side dry run
 *     ({@code dryRun=All}) and write nothing when the server refuses one ({@code --no-preflight}
 *     turns it off); not for a dry run, which is one already
 * @param owner the install the run writes for, whose package's field manager the steps apply as
 *     and whose entry in an object's owner list decides what an upgrade's deletion may delete
 *     (docs/semantics.md §8); null when no install owns the run (the field manager {@code bundlectl})
 * @param removalGate what an upgrade's removals wait for: the new version running
 *     ({@link RemovalGate#OPEN} by default)
 * @param recentStandings the installs a long-running process saw standing lately, which the
 *     preflight takes to stand without reading them again ({@link RecentStandings#NONE} by default:
 *     every owner is read)
 */
public record ApplySettings(
        int concurrency,
        Duration crdTimeout,
        Duration timeout,
        boolean dryRunServer,
        boolean firstInstall,
        Duration backoffBase,
        Duration backoffMax,
        double jitter,
        Duration crdPollInterval,
        boolean forceConflicts,
        Scheduler scheduler,
        Clock clock,
        boolean preflight,
        InstallOwner owner,
        RemovalGate removalGate,
        RecentStandings recentStandings) {

    public ApplySettings {
        if (concurrency < 1) {
            throw new IllegalArgumentException("concurrency must be at least 1, not " + concurrency);
        }
        if (!(jitter >= 0 && jitter <= 1)) {
            throw new IllegalArgumentException("jitter must be between 0 and 1, not " + jitter);
        }
        positive(crdTimeout, "crdTimeout");
        positive(timeout, "timeout");
        positive(backoffBase, "backoffBase");
        positive(backoffMax, "backoffMax");
        positive(crdPollInterval, "crdPollInterval");
        Objects.requireNonNull(scheduler, "scheduler");
        Objects.requireNonNull(clock, "clock");
        removalGate = removalGate == null ? RemovalGate.OPEN : removalGate;
        recentStandings = recentStandings == null ? RecentStandings.NONE : recentStandings;
    }

    /** The server-side apply field manager the steps apply as: the owner's, else {@code bundlectl}. */
    public String fieldManager() {
        return owner == null ? KubeApi.FIELD_MANAGER : owner.fieldManager();
    }

    /** Concurrency 8, CRD timeout 60s, deadline 5m, backoff 250ms doubling to 10s, real time. */
    public static ApplySettings defaults() {
        return builder().build();
    }

    /**
     * The retry policy these options describe: backoff from {@link #backoffBase()} to
     * {@link #backoffMax()} with {@link #jitter()}, on {@link #scheduler()}, for at most
     * {@link #timeout()} per operation.
     */
    public RetryPolicy retryPolicy() {
        return new RetryPolicy(backoff(), scheduler, timeout);
    }

    /** The backoff these options describe: {@link #backoffBase()} doubling to {@link #backoffMax()}, with {@link #jitter()}. */
    public Backoff backoff() {
        return new Backoff(backoffBase, backoffMax, jitter, () -> ThreadLocalRandom.current().nextDouble());
    }

    /** A builder starting from the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from these options. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    private static void positive(Duration value, String name) {
        Objects.requireNonNull(value, name);
        if (value.isZero() || value.isNegative()) {
            throw new IllegalArgumentException(name + " must be positive, not " + value);
        }
    }

    /** Builds {@link ApplySettings}. */
    public static final class Builder {
        private int concurrency = 8;
        private Duration crdTimeout = Duration.ofSeconds(60);
        private Duration timeout = Duration.ofMinutes(5);
        private boolean dryRunServer;
        private boolean firstInstall;
        private Duration backoffBase = Duration.ofMillis(250);
        private Duration backoffMax = Duration.ofSeconds(10);
        private double jitter = 0.2;
        private Duration crdPollInterval = Duration.ofMillis(500);
        private boolean forceConflicts;
        private Scheduler scheduler = Scheduler.system();
        private Clock clock = Clock.systemUTC();
        private boolean preflight = true;
        private InstallOwner owner;
        private RemovalGate removalGate = RemovalGate.OPEN;
        private RecentStandings recentStandings = RecentStandings.NONE;

        private Builder() {
        }

        private Builder(ApplySettings from) {
            concurrency = from.concurrency;
            crdTimeout = from.crdTimeout;
            timeout = from.timeout;
            dryRunServer = from.dryRunServer;
            firstInstall = from.firstInstall;
            preflight = from.preflight;
            backoffBase = from.backoffBase;
            backoffMax = from.backoffMax;
            jitter = from.jitter;
            crdPollInterval = from.crdPollInterval;
            forceConflicts = from.forceConflicts;
            scheduler = from.scheduler;
            clock = from.clock;
            owner = from.owner;
            removalGate = from.removalGate;
            recentStandings = from.recentStandings;
        }

        /** See {@link ApplySettings#recentStandings()}. */
        public Builder recentStandings(RecentStandings value) {
            recentStandings = value;
            return this;
        }

        /** See {@link ApplySettings#concurrency()}. */
        public Builder concurrency(int value) {
            concurrency = value;
            return this;
        }

        /** See {@link ApplySettings#crdTimeout()}. */
        public Builder crdTimeout(Duration value) {
            crdTimeout = value;
            return this;
        }

        /** See {@link ApplySettings#timeout()}. */
        public Builder timeout(Duration value) {
            timeout = value;
            return this;
        }

        /** See {@link ApplySettings#dryRunServer()}. */
        public Builder dryRunServer(boolean value) {
            dryRunServer = value;
            return this;
        }

        /** See {@link ApplySettings#firstInstall()}. */
        public Builder firstInstall(boolean value) {
            firstInstall = value;
            return this;
        }

        /** See {@link ApplySettings#backoffBase()} and {@link ApplySettings#backoffMax()}. */
        public Builder backoff(Duration base, Duration max) {
            backoffBase = base;
            backoffMax = max;
            return this;
        }

        /** See {@link ApplySettings#jitter()}. */
        public Builder jitter(double value) {
            jitter = value;
            return this;
        }

        /** See {@link ApplySettings#crdPollInterval()}. */
        public Builder crdPollInterval(Duration value) {
            crdPollInterval = value;
            return this;
        }

        /** See {@link ApplySettings#owner()}. */
        public Builder owner(InstallOwner value) {
            owner = value;
            return this;
        }

        /** See {@link ApplySettings#removalGate()}. */
        public Builder removalGate(RemovalGate value) {
            removalGate = value;
            return this;
        }

        /** See {@link ApplySettings#forceConflicts()}. */
        public Builder forceConflicts(boolean value) {
            forceConflicts = value;
            return this;
        }

        /** See {@link ApplySettings#scheduler()}. */
        public Builder scheduler(Scheduler value) {
            scheduler = value;
            return this;
        }

        /** See {@link ApplySettings#preflight()}. */
        public Builder preflight(boolean value) {
            preflight = value;
            return this;
        }

        /** See {@link ApplySettings#clock()}. */
        public Builder clock(Clock value) {
            clock = value;
            return this;
        }

        /** The options; invalid values throw {@link IllegalArgumentException}. */
        public ApplySettings build() {
            return new ApplySettings(concurrency, crdTimeout, timeout, dryRunServer, firstInstall, backoffBase,
                    backoffMax, jitter, crdPollInterval, forceConflicts, scheduler, clock, preflight, owner,
                    removalGate, recentStandings);
        }
    }
}
