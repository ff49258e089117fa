package dev.bundlectl.executor.records;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bundlectl.executor.kube.ApiFailures;
import dev.bundlectl.plan.errors.ApiFailure;
import io.fabric8.kubernetes.client.KubernetesClientException;

/**
 * One-line descriptions of fabric8 client errors for the record store and uninstall, which use
 * fabric8's typed client. The mapping itself is the executor's {@link ApiFailures}, so every
 * path describes an API answer the same way.
 */
public final class ClientErrors {

    // Configured once and never changed: safe to share.
    private static final ApiFailures FAILURES = new ApiFailures(new ObjectMapper());

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
}
