package dev.bundlectl.executor.testing;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Kubernetes {@code Status} bodies as a real API server writes them. */
public final class Statuses {

    private static final ObjectMapper JSON = new ObjectMapper();

    private Statuses() {
    }

    public static String status(int code, String reason, String message) {
        return body(code, reason, message, null, null);
    }

    public static String status(int code, String reason, String message, String detailsKind, String causeField,
            String causeMessage) {
        return body(code, reason, message, detailsKind, causeField == null ? null : new String[] {causeField, causeMessage});
    }

    /** A server-side apply conflict: 409 Conflict naming the field another manager owns. */
    public static String conflict(String message, String field, String causeMessage) {
        ObjectNode status = node(409, "Conflict", message);
        status.putObject("details").putArray("causes").addObject()
                .put("reason", "FieldManagerConflict").put("field", field).put("message", causeMessage);
        return Manifests.write(status);
    }

    public static String tooManyRequests(long retryAfterSeconds) {
        ObjectNode status = node(429, "TooManyRequests", "Too many requests, please try again later.");
        status.putObject("details").put("retryAfterSeconds", retryAfterSeconds);
        return Manifests.write(status);
    }

    private static String body(int code, String reason, String message, String detailsKind, String[] cause) {
        ObjectNode status = node(code, reason, message);
        if (detailsKind != null || cause != null) {
            ObjectNode details = status.putObject("details");
            if (detailsKind != null) {
                details.put("kind", detailsKind);
            }
            if (cause != null) {
                ArrayNode causes = details.putArray("causes");
                causes.addObject().put("reason", "FieldValueInvalid").put("field", cause[0]).put("message", cause[1]);
            }
        }
        return Manifests.write(status);
    }

    private static ObjectNode node(int code, String reason, String message) {
        ObjectNode status = JSON.createObjectNode();
        status.put("kind", "Status").put("apiVersion", "v1").putObject("metadata");
        status.put("status", "Failure").put("message", message).put("reason", reason).put("code", code);
        return status;
    }
}
