package dev.bundlectl.cli;

import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.executor.lock.LockState;
import dev.bundlectl.executor.pipeline.InstallPipeline;
import dev.bundlectl.executor.planning.ClusterReading;
import dev.bundlectl.executor.planning.PlanTarget;
import dev.bundlectl.executor.waiting.Blocking;
import dev.bundlectl.plan.PlanAnnotations;
import dev.bundlectl.plan.planned.PlannedInstall;
import java.nio.file.Path;
import java.time.Duration;

/**
 * {@code install DIR} or {@code install --plan-file FILE}: one bundle or payload planned against
 * the cluster (a reviewed plan checked against it), installed through {@link PlanInstall}, and
 * planned again when another operation's lock kept it from writing and {@code --wait-for-lock}
 * waited for that lock to be free.
 */
final class SingleInstall {

    private final PlanInputOptions input;
    private final InstallFlags flags;
    private final InstallContext context;

    SingleInstall(InstallContext context) {
        this.context = context;
        this.input = context.input();
        this.flags = context.flags();
    }

    /**
     * Installs what was read while the connection was opened, or the reviewed plan; answers the
     * exit code.
     *
     * @param reviewedPlan the checked plan of {@code --plan-file}, or null to plan the read input
     * @param planFile the plan file, for messages; null without one
     * @param waitForLock {@code --wait-for-lock}, or null to be refused at once
     */
    int install(BackgroundConnection.Prepared<ReadInput> prepared, PlannedInstall reviewedPlan, Path planFile,
            Duration waitForLock) {
        ReadInput read = prepared.input();
        try (ClusterConnection connection = prepared.connection()) {
            InstallPipeline pipeline = new InstallPipeline(connection);
            String namespace = TargetNamespace.of(input.namespace, connection);
            LockWaiting locks = new LockWaiting(waitForLock, context.err());
            PlanInstall installs = context.installs(pipeline);
            while (true) {
                // The cluster is read once per plan, here; the install takes its answers (the previous
                // install and so the first-install decision, the lock) and reads none of them again.
                ClusterReading reading;
                PlannedInstall planned;
                try {
                    if (reviewedPlan != null) {
                        PlanTarget target = PlanTarget.of(reviewedPlan.plan(), namespace);
                        reading = Blocking.result(pipeline.planning().readForReviewed(target, reviewedPlan,
                                planFile.toString()));
                        Planning.report(reading, context.diagnostics(), context.err());
                        planned = target.payload() ? reviewedPlan : new UpgradePlanning(pipeline.planning(),
                                context.err(), input.crdUpgradeSafety).checkReviewed(reviewedPlan,
                                reading.previous(), target, planFile.toString(), input.force);
                    } else {
                        PlannedInput fresh = context.livePlanning(pipeline).plan(input, read, namespace,
                                        () -> ApiSurfaceOptions.resolve(input.apiSurfaces, null));
                        reading = fresh.reading();
                        planned = fresh.result().planned();
                    }
                } catch (RuntimeException refused) {
                    return ForbiddenPlanning.report(refused, connection, packageOf(reviewedPlan, read), namespace,
                            read instanceof ReadInput.BundleDirectory bundle && !bundle.bundle().dependencies().isEmpty(),
                            context.err());
                }
                PlanInstall.Ended ended = installs.install(planned, reading, namespace, flags.untilRunning());
                if (!ended.locked()) {
                    return ended.exitCode();
                }
                // Nothing was written: another operation holds the lock, or ran since this plan was made.
                // Refused at once, or waited for and planned again.
                if (ended.lockedOut() instanceof LockState.Held held && !locks.waitForFree(connection, held)) {
                    return LockWaiting.HELD;
                }
            }
        }
    }

    /** The package a reviewed plan or a read bundle installs, for messages. */
    private static String packageOf(PlannedInstall reviewedPlan, ReadInput read) {
        if (reviewedPlan != null) {
            return reviewedPlan.plan().metadata().annotations().getOrDefault(PlanAnnotations.PACKAGE,
                    reviewedPlan.plan().metadata().name());
        }
        return read instanceof ReadInput.BundleDirectory bundle ? bundle.bundle().packageName() : "the payload";
    }
}
