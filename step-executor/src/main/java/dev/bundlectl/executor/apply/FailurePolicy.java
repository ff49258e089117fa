package dev.bundlectl.executor.apply;

import dev.bundlectl.plan.errors.ApiFailure;

import dev.bundlectl.cluster.discovery.DiscoveryFailedException;
import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.cluster.retry.RetriesExhaustedException;
import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.plan.errors.ApiErrorClassifier;
import dev.bundlectl.plan.errors.ErrorClass;

/**
 * What a failed request means for a step (docs/semantics.md §3): an optional step whose failure is of
 * class NotCreated ends {@code NotCreated} with the API's answer as its message; every other
 * failure fails the step, and so the plan. A failed discovery of the step's API fails the step
 * whether it is optional or not: it says nothing about whether the API is served.
 */
final class FailurePolicy {

    private FailurePolicy() {
    }

    /**
     * The outcome for a failure of the request named by {@code verb} ({@code create},
     * {@code update}, ...).
     */
    static StepOutcome outcome(Throwable error, boolean optional, String verb) {
        if (error instanceof DiscoveryFailedException discoveryFailed) {
            // Not "not served": nobody could tell, so even an optional step fails (a transient error exhausted).
            return StepOutcome.unavailable(discoveryFailed.getMessage());
        }
        if (error instanceof RetriesExhaustedException exhausted) {
            return StepOutcome.unavailable(verb + " failed: " + exhausted.getMessage());
        }
        if (error instanceof ApiException api) {
            boolean notCreated = ApiErrorClassifier.classify(api.failure()).errorClass() == ErrorClass.NOT_CREATED;
            if (optional && notCreated) {
                return StepOutcome.applied(StepStatus.NOT_CREATED, api.failure().describe());
            }
            if (api.isHttp(403) && api.failure() instanceof ApiFailure.HttpError http) {
                return StepOutcome.forbidden(verb + " failed: " + api.failure().describe(),
                        http.message() == null ? api.failure().describe() : http.message());
            }
            return StepOutcome.failed(verb + " failed: " + api.failure().describe());
        }
        String text = error.getMessage() == null ? error.getClass().getSimpleName() : error.getMessage();
        return StepOutcome.unavailable(verb + " failed: " + text);
    }
}
