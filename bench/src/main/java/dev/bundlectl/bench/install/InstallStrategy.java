package dev.bundlectl.bench.install;

import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.plan.model.InstallPlan;

/**
 * One way of installing a plan's objects into a cluster, timed by {@link InstallTrial}.
 * Implementations block the calling thread (never a Vert.x thread) until the install is done.
 */
public sealed interface InstallStrategy permits ExecutorInstall, OneByOneCreate {

    /** A short label for the report's table. */
    String label();

    /** How many steps this strategy keeps in flight at once (1 when it goes one by one). */
    int concurrency();

    /**
     * The request rounds this strategy needs, one after another, at the least: its critical-path
     * floor, to be multiplied by the added latency.
     *
     * @param plan the plan installed
     * @param requestsSent how many requests one install of it sent (measured)
     */
    int floorRounds(InstallPlan plan, long requestsSent);

    /**
     * Installs every object of {@code plan} through {@code cluster}.
     *
     * @throws InstallFailedException when an object was not installed: a timing of a failed
     *     install means nothing
     */
    void install(ClusterConnection cluster, InstallPlan plan) throws InstallFailedException;
}
