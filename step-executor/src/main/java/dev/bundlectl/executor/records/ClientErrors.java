package dev.bundlectl.executor.records;

import dev.bundlectl.bundle.yaml.Mappers;
import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.cluster.kube.ApiFailures;
import dev.bundlectl.cluster.retry.RetriesExhaustedException;
import dev.bundlectl.plan.errors.ApiFailure;
import io.fabric8.kubernetes.client.KubernetesClientException;

/**
 * One-line descriptions of failed requests for the record store and uninstall: the API's answer
 * ({@link ApiException}), retries that ran out ({@link RetriesExhaustedException}), or fabric8
 * client errors. The mapping itself is the executor's {@link ApiFailures}, so every path describes
 * an API answer the same way.
 */
public final class ClientErrors {

    // Configured once and never changed: safe to share.
    private static final ApiFailures FAILURES = new ApiFailures(Mappers.json());

    private ClientErrors() {
    }

    /** The failure as the plan model describes failures: HTTP answer, or transport error. */
    public static ApiFailure toApiFailure(KubernetesClientException e) {
        return FAILURES.fromThrowable(e);
    }

    /** A one-line description such as {@code 403 Forbidden: secrets is forbidden ...}. */
    public static String describe(KubernetesClientException e) {
        return toApiFailure(e).describe();
    }

    /**
     * A one-line description of whatever failed a request's future: the API's answer, the
     * retries given up on (with how many there were), or the error's own message.
     */
    public static String describe(Throwable error) {
        Throwable cause = error;
        while (cause instanceof java.util.concurrent.CompletionException && cause.getCause() != null) {
            cause = cause.getCause();
        }
        if (cause instanceof ApiException api) {
            return api.failure().describe();
        }
        if (cause instanceof KubernetesClientException client) {
            return describe(client);
        }
        return cause.getMessage() != null ? cause.getMessage() : cause.getClass().getSimpleName();
    }
}
