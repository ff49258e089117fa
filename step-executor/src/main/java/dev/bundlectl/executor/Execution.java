package dev.bundlectl.executor;

import dev.bundlectl.plan.InstallPlan;
import io.vertx.core.Future;
import java.util.Objects;

/** One running execution of a plan. */
public final class Execution {

    private final Future<InstallPlan> result;

    Execution(Future<InstallPlan> result) {
        this.result = Objects.requireNonNull(result, "result");
    }

    /**
     * The final plan: phase {@code Complete} or {@code Failed}, every step's status and message,
     * and the {@code Installed} condition. A failed step never fails this future; it fails only
     * on a bug in bundlectl.
     */
    public Future<InstallPlan> result() {
        return result;
    }
}
