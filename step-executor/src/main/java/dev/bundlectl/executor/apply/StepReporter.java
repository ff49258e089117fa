package dev.bundlectl.executor.apply;

import dev.bundlectl.plan.StepStatus;

/** Where a running step reports progress before its final outcome. Called on the execution's context. */
public interface StepReporter {

    /** The step reached an intermediate status, e.g. {@code WaitingForApi}. */
    void status(StepStatus status, String message, int attempt);

    /** A request failed transiently and will be sent again. */
    void retrying(String message, int attempt);
}
