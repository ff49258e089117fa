package dev.bundlectl.cluster.kube;

import dev.bundlectl.plan.errors.ApiFailure;
import java.util.Objects;

/**
 * A request to the API server did not succeed; {@link #failure()} says how. Futures returned by
 * {@link KubeApi} fail with this exception and nothing else.
 */
public final class ApiException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient ApiFailure failure;

    /** Wraps a failure, keeping the underlying exception (if any) as the cause for debugging. */
    public ApiException(ApiFailure failure, Throwable cause) {
        super(Objects.requireNonNull(failure, "failure").describe(), cause, false, false);
        this.failure = failure;
    }

    /** Wraps a failure that has no underlying exception, such as an HTTP error answer. */
    public ApiException(ApiFailure failure) {
        this(failure, null);
    }

    /** What went wrong. */
    public ApiFailure failure() {
        return failure;
    }

    /** Whether {@code error} is an {@link ApiException} with an HTTP answer of the given code. */
    public static boolean isHttp(Throwable error, int code) {
        return error instanceof ApiException api && api.isHttp(code);
    }

    /** Whether this is an HTTP answer with the given code. */
    public boolean isHttp(int code) {
        return failure instanceof ApiFailure.HttpError http && http.code() == code;
    }
}
