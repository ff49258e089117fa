package dev.bundlectl.executor.records;

import dev.bundlectl.plan.errors.ApiFailure;
import io.fabric8.kubernetes.api.model.Status;
import io.fabric8.kubernetes.api.model.StatusCause;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.ArrayList;
import java.util.List;

/** One-line descriptions of fabric8 client errors, in the shape of the plan's {@link ApiFailure}. */
public final class ClientErrors {

    private ClientErrors() {
    }

    /** The failure as the plan model describes failures: HTTP answer, or transport error. */
    public static ApiFailure toApiFailure(KubernetesClientException e) {
        if (e.getCode() <= 0) {
            // No HTTP answer: fabric8 reports its own and transport errors with code 0 or -1.
            return new ApiFailure.TransportError(ApiFailure.TransportError.Kind.OTHER, firstLine(e.getMessage()));
        }
        Status status = e.getStatus();
        String reason = status == null ? null : status.getReason();
        String message = status == null || status.getMessage() == null ? firstLine(e.getMessage()) : status.getMessage();
        String detailsKind = status == null || status.getDetails() == null ? null : status.getDetails().getKind();
        List<String> causes = new ArrayList<>();
        if (status != null && status.getDetails() != null && status.getDetails().getCauses() != null) {
            for (StatusCause cause : status.getDetails().getCauses()) {
                causes.add(cause.getField() == null ? cause.getMessage() : cause.getField() + ": " + cause.getMessage());
            }
        }
        return new ApiFailure.HttpError(e.getCode(), reason, message, detailsKind, causes, -1);
    }

    /** A one-line description such as {@code 403 Forbidden: secrets is forbidden ...}. */
    public static String describe(KubernetesClientException e) {
        return toApiFailure(e).describe();
    }

    private static String firstLine(String text) {
        if (text == null) {
            return null;
        }
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline);
    }
}
