package dev.bundlectl.executor;

import io.vertx.core.Future;

/**
 * What a schedule needs from its execution. Used only on the execution's context.
 */
interface StepStarter {

    /**
     * Runs one step to its final status and records it.
     *
     * @return completes with whether the step did not fail; never fails
     */
    Future<Boolean> launch(int index);

    /** Whether the overall deadline still allows a new step to start. */
    boolean withinDeadline();

    /** Whether any step has failed so far. */
    boolean anyFailed();

    /** Records that a step will not run because an earlier one it waits for failed. */
    void skip(int index, String reason);
}
