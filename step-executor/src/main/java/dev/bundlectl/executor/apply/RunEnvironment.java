package dev.bundlectl.executor.apply;

import dev.bundlectl.bundle.kinds.GroupKind;
import dev.bundlectl.executor.apply.ApplySettings;
import dev.bundlectl.cluster.discovery.Discovery;
import dev.bundlectl.cluster.kube.KubeApi;
import io.vertx.core.Context;
import java.time.Duration;
import java.util.Objects;
import java.util.Set;

/**
 * What every step of one execution shares.
 *
 * @param context the Vert.x context all of the execution's callbacks run on
 * @param api the API server
 * @param discovery discovery of served kinds
 * @param options the execution options
 * @param deadlineNanos the {@link dev.bundlectl.cluster.time.Scheduler#nanoTime()} after which
 *     nothing new starts
 * @param kindsDefinedByPlan the group and kind of every kind a CRD step of this plan defines
 */
public record RunEnvironment(
        Context context,
        KubeApi api,
        Discovery discovery,
        ApplySettings options,
        long deadlineNanos,
        Set<GroupKind> kindsDefinedByPlan) {

    public RunEnvironment {
        Objects.requireNonNull(context, "context");
        Objects.requireNonNull(api, "api");
        Objects.requireNonNull(discovery, "discovery");
        Objects.requireNonNull(options, "options");
        kindsDefinedByPlan = Set.copyOf(kindsDefinedByPlan);
    }

    /** The scheduler's current time. */
    public long now() {
        return options.scheduler().nanoTime();
    }

    /** Time left before the deadline; zero once it has passed. */
    public Duration remaining() {
        return Duration.ofNanos(Math.max(0, deadlineNanos - now()));
    }

    /** Whether this execution sends writes with {@code dryRun=All}. */
    public boolean dryRun() {
        return options.dryRunServer();
    }
}
