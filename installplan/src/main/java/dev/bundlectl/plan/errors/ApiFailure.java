package dev.bundlectl.plan.errors;

import java.util.List;
import java.util.Objects;

/** What went wrong when a request to the API server did not succeed. */
public sealed interface ApiFailure permits ApiFailure.HttpError, ApiFailure.TransportError {

    /** A one-line description for step messages. */
    String describe();

    /**
     * The server answered with an HTTP error.
     *
     * @param code the HTTP status code
     * @param reason the {@code Status.reason} (e.g. {@code AlreadyExists}), or null when the body
     *     was not a {@code Status} object (such as the {@code text/plain} 404 of an unknown group)
     * @param message the {@code Status.message} or the plain body, or null
     * @param detailsKind the {@code Status.details.kind}, or null
     * @param causes the {@code Status.details.causes[]} as {@code field: message} lines
     * @param retryAfterSeconds the {@code Retry-After} header in seconds, or -1 when absent
     */
    record HttpError(int code, String reason, String message, String detailsKind, List<String> causes,
            long retryAfterSeconds) implements ApiFailure {

        public HttpError {
            causes = causes == null ? List.of() : List.copyOf(causes);
        }

        /** An error with only a code and a reason. */
        public static HttpError of(int code, String reason) {
            return new HttpError(code, reason, null, null, List.of(), -1);
        }

        /** Whether the body was a Kubernetes {@code Status} object rather than plain text. */
        public boolean isStatusObject() {
            return reason != null;
        }

        @Override
        public String describe() {
            StringBuilder text = new StringBuilder().append(code);
            if (reason != null) {
                text.append(' ').append(reason);
            }
            if (message != null && !message.isBlank()) {
                text.append(": ").append(message.strip());
            }
            if (!causes.isEmpty() && (message == null || !message.contains(causes.get(0)))) {
                text.append(" (").append(String.join("; ", causes)).append(')');
            }
            return text.toString();
        }
    }

    /**
     * No HTTP answer: a timeout, a reset connection, a refused connection, a TLS failure.
     *
     * @param kind what kind of transport failure
     * @param message the underlying error text
     */
    record TransportError(Kind kind, String message) implements ApiFailure {

        public TransportError {
            Objects.requireNonNull(kind, "kind");
        }

        @Override
        public String describe() {
            return kind.description + (message == null || message.isBlank() ? "" : ": " + message);
        }

        /** Transport failure kinds. */
        public enum Kind {
            TIMEOUT("request timed out"),
            CONNECTION_RESET("connection reset"),
            CONNECTION_REFUSED("connection refused"),
            TLS("TLS handshake failed"),
            OTHER("transport error");

            private final String description;

            Kind(String description) {
                this.description = description;
            }
        }
    }
}
