package dev.bundlectl.cluster.discovery;

import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.cluster.retry.RetriesExhaustedException;
import dev.bundlectl.plan.api.DiscoveryFailures;
import dev.bundlectl.plan.errors.ApiFailure;
import java.util.Map;
import java.util.Objects;

/**
 * The discovery request for a group/version did not succeed, after retries where the error was
 * transient. Unlike a 404, this says nothing about whether the group/version is served. The
 * message names the group/version and the server's answer, e.g. {@code discovery of
 * metrics.k8s.io/v1beta1 failed: 503 ServiceUnavailable: service unavailable}.
 */
public final class DiscoveryFailedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** Kubernetes' reason names for answers that carry no Status object (an aggregator's plain-text 503). */
    private static final Map<Integer, String> REASONS = Map.of(
            429, "TooManyRequests",
            500, "InternalError",
            502, "BadGateway",
            503, "ServiceUnavailable",
            504, "Timeout");

    private final GroupVersion groupVersion;

    private DiscoveryFailedException(GroupVersion groupVersion, String answer, Throwable cause) {
        super(DiscoveryFailures.message(groupVersion.toString(), answer), cause, false, false);
        this.groupVersion = groupVersion;
    }

    /** The failure of {@code groupVersion}'s discovery with {@code error}. */
    public static DiscoveryFailedException of(GroupVersion groupVersion, Throwable error) {
        Objects.requireNonNull(groupVersion, "groupVersion");
        if (error instanceof DiscoveryFailedException already) {
            return already;
        }
        return new DiscoveryFailedException(groupVersion, answer(error), error);
    }

    /** The group/version whose discovery failed. */
    public GroupVersion groupVersion() {
        return groupVersion;
    }

    private static String answer(Throwable error) {
        if (error instanceof RetriesExhaustedException exhausted) {
            return answer(new ApiException(exhausted.failure())) + " (gave up after " + exhausted.attempts()
                    + (exhausted.attempts() == 1 ? " attempt)" : " attempts)");
        }
        if (error instanceof ApiException api && api.failure() instanceof ApiFailure.HttpError http
                && http.reason() == null && REASONS.containsKey(http.code())) {
            String message = http.message() == null || http.message().isBlank() ? "" : ": " + http.message().strip();
            return http.code() + " " + REASONS.get(http.code()) + message;
        }
        if (error instanceof ApiException api) {
            return api.failure().describe();
        }
        return error.getMessage() == null ? error.getClass().getSimpleName() : error.getMessage();
    }
}
