package dev.bundlectl.bench.install;

import dev.bundlectl.plan.planned.PlannedInstall;
import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.executor.apply.ApplySettings;
import dev.bundlectl.executor.PlanApplier;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.InstallPlanPhase;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * bundlectl's {@link PlanApplier} with its default options except the concurrency: what
 * {@code bundlectl install} does once the plan is made.
 *
 * @param concurrency steps in flight at once after the CRDs are established (8 by default)
 */
public record ExecutorInstall(int concurrency) implements InstallStrategy {

    /** Longer than the executor's own 5-minute deadline: the executor ends first. */
    private static final Duration WAIT = Duration.ofMinutes(6);

    public ExecutorInstall {
        if (concurrency < 1) {
            throw new IllegalArgumentException("concurrency must be at least 1, not " + concurrency);
        }
    }

    @Override
    public String label() {
        return "bundlectl executor, concurrency " + concurrency;
    }

    /** From the executor's design, see {@link CriticalPathFloor}; the request count plays no part. */
    @Override
    public int floorRounds(InstallPlan plan, long requestsSent) {
        return new CriticalPathFloor().rounds(plan, concurrency).total();
    }

    @Override
    public void install(ClusterConnection cluster, InstallPlan plan) throws InstallFailedException {
        ApplySettings options = ApplySettings.builder().concurrency(concurrency).build();
        InstallPlan done;
        try {
            done = new PlanApplier(cluster).start(PlannedInstall.read(plan), options, event -> { })
                    .result().toCompletionStage().toCompletableFuture()
                    .get(WAIT.toSeconds(), TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InstallFailedException("interrupted", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new InstallFailedException("the executor did not finish: " + e, e);
        }
        if (done.status().phase() != InstallPlanPhase.COMPLETE) {
            throw new InstallFailedException("the install ended " + done.status().phase().wireName() + ": "
                    + done.status().message());
        }
    }
}
