package dev.bundlectl.executor.apply;

import io.vertx.core.Future;

/** One stage of applying a step, such as what follows a successful create. */
@FunctionalInterface
interface ApplyStage {

    /** Runs the stage; the future never fails (failures become {@link StepOutcome.Failed}). */
    Future<StepOutcome> apply(PreparedStep run);
}
