package dev.bundlectl.controller.runtime;

import java.time.Duration;
import java.util.Objects;

/**
 * How a controller runs.
 *
 * @param namespace the namespace to watch, or null for all namespaces
 * @param workers how many objects may be reconciled at once
 * @param resync how often every object is reconciled again, which re-applies drifted objects
 * @param retryBase the first retry delay after a failed reconcile
 * @param retryMax the longest retry delay
 * @param identity this replica's name, for the lease and the events
 * @param leaderElection the lease to hold before reconciling, or null to reconcile at once
 */
public record ControllerSettings(String namespace, int workers, Duration resync, Duration retryBase, Duration retryMax,
        String identity, LeaseSettings leaderElection) {

    /** Checks the values. */
    public ControllerSettings {
        if (workers < 1) {
            throw new IllegalArgumentException("workers must be at least 1, not " + workers);
        }
        Objects.requireNonNull(resync, "resync");
        Objects.requireNonNull(retryBase, "retryBase");
        Objects.requireNonNull(retryMax, "retryMax");
        Objects.requireNonNull(identity, "identity");
    }

    /**
     * The lease of leader election, in the timings client-go uses by default.
     *
     * @param namespace where the Lease lives
     * @param name the Lease's name
     * @param leaseDuration how long a lease holds without renewal before another replica may take it
     * @param renewDeadline how long the leader keeps trying to renew before it gives up leading
     * @param retryPeriod how often candidates try to acquire, and the leader renews
     */
    public record LeaseSettings(String namespace, String name, Duration leaseDuration, Duration renewDeadline,
            Duration retryPeriod) {

        /** Checks that renewal can happen within the lease. */
        public LeaseSettings {
            Objects.requireNonNull(namespace, "namespace");
            Objects.requireNonNull(name, "name");
            if (renewDeadline.compareTo(leaseDuration) >= 0) {
                throw new IllegalArgumentException("the renew deadline must be shorter than the lease duration");
            }
        }

        /** client-go's defaults: a 15 s lease, renewed within 10 s, tried every 2 s. */
        public static LeaseSettings defaults(String namespace) {
            return new LeaseSettings(namespace, "bundlectl-controller", Duration.ofSeconds(15), Duration.ofSeconds(10),
                    Duration.ofSeconds(2));
        }
    }
}
