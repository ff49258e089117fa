package dev.bundlectl.executor.install;

import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.executor.lock.Acquisition;
import dev.bundlectl.executor.lock.HeldLock;
import dev.bundlectl.executor.lock.LockState;
import dev.bundlectl.executor.lock.LockTarget;
import dev.bundlectl.executor.lock.PackageLock;
import dev.bundlectl.plan.model.InstallPlan;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Holds the lock of the package's operations around an install's writes (docs/semantics.md §3,
 * "One operation at a time"): taken from the state planning read, so that it is refused when
 * another operation ran since; renewed while the install runs; released when it ends, whatever
 * the end. An install whose lock was lost on the way says so: another operation may have run.
 */
final class InstallLock {

    private final ClusterConnection connection;
    private final LockState observed;
    private final InstallRequest request;
    private final InstallPlan plan;

    /**
     * @param observed the lock as planning read it; null takes none
     * @param plan the plan about to be installed, which names the operation in the Lease
     */
    InstallLock(ClusterConnection connection, LockState observed, InstallRequest request, InstallPlan plan) {
        this.connection = connection;
        this.observed = observed;
        this.request = request;
        this.plan = plan;
    }

    /** Runs {@code writes} while holding the lock; without it, answers what stopped the install. */
    Future<InstallOutcome> around(Supplier<Future<InstallOutcome>> writes) {
        if (observed == null) {
            return writes.get();
        }
        if (observed instanceof LockState.Held held) {
            return Future.succeededFuture(lockedOut(held));
        }
        PackageLock lock = new PackageLock(connection.api(), connection.vertx(),
                new LockTarget(request.namespace(), request.packageName()));
        return lock.acquire((LockState.Free) observed, request.lockHolder(), operation()).compose(acquisition -> {
            if (acquisition instanceof Acquisition.Changed changed) {
                return Future.succeededFuture(lockedOut(changed.now()));
            }
            HeldLock held = ((Acquisition.Acquired) acquisition).lock();
            return writes.get().transform(done -> held.release().otherwise(false).transform(released -> {
                if (done.failed()) {
                    return Future.failedFuture(done.cause());
                }
                InstallOutcome outcome = done.result();
                if (!held.isLost()) {
                    return Future.succeededFuture(outcome);
                }
                List<String> warnings = new ArrayList<>(outcome.warnings());
                warnings.add(held.lost().result().describe() + "; another operation of the package may have run "
                        + "while this one wrote");
                return Future.succeededFuture(new InstallOutcome(outcome.plan(), outcome.record(), outcome.firstInstall(),
                        warnings, outcome.missingAccess(), outcome.lockedOut()));
            }));
        });
    }

    /** {@code install <csv>} (or the package), as the Lease names the operation. */
    private String operation() {
        List<String> csvs = plan.spec().clusterServiceVersionNames();
        return "install " + (csvs.isEmpty() ? request.packageName() : csvs.get(0));
    }

    private InstallOutcome lockedOut(LockState now) {
        return new InstallOutcome(plan, null, false, List.of(), null, now);
    }
}
