package dev.bundlectl.cluster.kube;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bundlectl.plan.errors.ApiFailure;
import dev.bundlectl.plan.errors.ApiFailure.TransportError.Kind;
import io.fabric8.kubernetes.api.model.Status;
import io.fabric8.kubernetes.api.model.StatusCause;
import io.fabric8.kubernetes.api.model.StatusDetails;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLException;

/**
 * The one place where what the API server or the transport said becomes an {@link ApiFailure}:
 * HTTP error answers (a {@code Status} object or a plain-text body), fabric8's
 * {@link KubernetesClientException}, and the exceptions of the Vert.x HTTP client (timeouts,
 * closed or reset connections, refused connections, TLS failures).
 */
public final class ApiFailures {

    private static final int MAX_PLAIN_BODY = 300;

    private final ObjectMapper json;
    private final Clock clock;

    /** Uses {@code json} to read {@code Status} bodies. */
    public ApiFailures(ObjectMapper json) {
        this(json, Clock.systemUTC());
    }

    /**
     * Uses {@code json} to read {@code Status} bodies, and {@code clock} for "now" when a
     * {@code Retry-After} date comes without the server's {@code Date}.
     */
    public ApiFailures(ObjectMapper json, Clock clock) {
        this.json = json;
        this.clock = clock;
    }

    /**
     * An HTTP error answer.
     *
     * @param code the status code
     * @param body the raw body, may be empty
     * @param retryAfterHeader the {@code Retry-After} header, or null
     */
    public ApiFailure.HttpError fromResponse(int code, byte[] body, String retryAfterHeader) {
        return fromResponse(code, body, retryAfterHeader, null);
    }

    /**
     * An HTTP error answer.
     *
     * @param code the status code
     * @param body the raw body, may be empty
     * @param retryAfterHeader the {@code Retry-After} header, or null
     * @param dateHeader the {@code Date} header, or null; an HTTP-date {@code Retry-After} counts from it
     */
    public ApiFailure.HttpError fromResponse(int code, byte[] body, String retryAfterHeader, String dateHeader) {
        long retryAfter = parseRetryAfter(retryAfterHeader, dateHeader, clock);
        JsonNode status = readStatus(body);
        if (status == null) {
            // Not a Status object: the API server's "404 page not found" for an unserved group
            // or resource, or a proxy's error page. Keep a short, single-line copy of the text.
            return new ApiFailure.HttpError(code, null, plainText(body), null, List.of(), retryAfter);
        }
        JsonNode details = status.path("details");
        List<String> causes = new ArrayList<>();
        for (JsonNode cause : details.path("causes")) {
            causes.add(cause(text(cause, "field"), text(cause, "message"), text(cause, "reason")));
        }
        if (retryAfter < 0 && details.path("retryAfterSeconds").canConvertToLong()) {
            retryAfter = details.path("retryAfterSeconds").asLong();
        }
        return new ApiFailure.HttpError(code, emptyToNull(text(status, "reason")), text(status, "message"),
                text(details, "kind"), causes, retryAfter);
    }

    /** Any exception that ended a request: unwraps futures' wrappers and classifies the cause. */
    public ApiFailure fromThrowable(Throwable thrown) {
        Throwable error = unwrap(thrown);
        if (error instanceof ApiException api) {
            return api.failure();
        }
        if (error instanceof KubernetesClientException client) {
            return fromClientException(client);
        }
        return transport(error);
    }

    /** The same as {@link #fromThrowable} but as the exception type {@link KubeApi} fails with. */
    public ApiException toException(Throwable thrown) {
        Throwable error = unwrap(thrown);
        return error instanceof ApiException api ? api : new ApiException(fromThrowable(error), error);
    }

    private ApiFailure fromClientException(KubernetesClientException client) {
        if (client.getCode() <= 0) {
            // Raised inside the client (e.g. by an auth interceptor): the cause says what happened.
            return client.getCause() != null && client.getCause() != client
                    ? fromThrowable(client.getCause())
                    : new ApiFailure.TransportError(Kind.OTHER, client.getMessage());
        }
        Status status = client.getStatus();
        if (status == null) {
            return new ApiFailure.HttpError(client.getCode(), null, firstLine(client.getMessage()), null, List.of(), -1);
        }
        StatusDetails details = status.getDetails();
        List<String> causes = new ArrayList<>();
        long retryAfter = -1;
        String detailsKind = null;
        if (details != null) {
            detailsKind = details.getKind();
            if (details.getRetryAfterSeconds() != null) {
                retryAfter = details.getRetryAfterSeconds();
            }
            for (StatusCause cause : details.getCauses()) {
                causes.add(cause(cause.getField(), cause.getMessage(), cause.getReason()));
            }
        }
        // fabric8's own message (first line only: messages end up in one-line step and error texts)
        // stands in when the Status carries none.
        String message = status.getMessage() != null ? status.getMessage() : firstLine(client.getMessage());
        return new ApiFailure.HttpError(client.getCode(), emptyToNull(status.getReason()), message,
                detailsKind, causes, retryAfter);
    }

    private static String firstLine(String text) {
        if (text == null) {
            return null;
        }
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline);
    }

    private static ApiFailure transport(Throwable error) {
        String message = error.getMessage() == null ? error.getClass().getSimpleName() : error.getMessage();
        return new ApiFailure.TransportError(transportKind(error), message);
    }

    private static Kind transportKind(Throwable error) {
        for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (isTimeout(t)) {
                return Kind.TIMEOUT;
            }
            if (t instanceof ConnectException || t instanceof NoRouteToHostException
                    || t instanceof UnknownHostException) {
                return Kind.CONNECTION_REFUSED;
            }
            if (t instanceof SSLException) {
                return Kind.TLS;
            }
            if (isClosedConnection(t)) {
                return Kind.CONNECTION_RESET;
            }
        }
        return Kind.OTHER;
    }

    private static boolean isTimeout(Throwable t) {
        // Vert.x reports request timeouts with its own NoStackTraceTimeoutException, which is a
        // java.util.concurrent.TimeoutException; netty's and the JDK's carry "Timeout" in the name.
        return t instanceof TimeoutException || t instanceof SocketTimeoutException
                || t.getClass().getSimpleName().contains("Timeout");
    }

    private static boolean isClosedConnection(Throwable t) {
        if (t.getClass().getSimpleName().equals("HttpClosedException")) {
            return true;
        }
        if (t instanceof SocketException || t instanceof IOException) {
            String message = String.valueOf(t.getMessage()).toLowerCase(Locale.ROOT);
            return message.contains("reset") || message.contains("closed") || message.contains("broken pipe");
        }
        return false;
    }

    private static Throwable unwrap(Throwable thrown) {
        Throwable error = thrown;
        while ((error instanceof CompletionException || error instanceof ExecutionException)
                && error.getCause() != null) {
            error = error.getCause();
        }
        return error;
    }

    private JsonNode readStatus(byte[] body) {
        if (body == null || body.length == 0 || body[0] != '{') {
            return null;
        }
        try {
            JsonNode node = json.readTree(body);
            return node != null && "Status".equals(node.path("kind").asText()) ? node : null;
        } catch (IOException notJson) {
            return null;
        }
    }

    private static String plainText(byte[] body) {
        if (body == null || body.length == 0) {
            return null;
        }
        String text = new String(body, StandardCharsets.UTF_8).strip().replaceAll("\\s+", " ");
        return text.length() > MAX_PLAIN_BODY ? text.substring(0, MAX_PLAIN_BODY) + "..." : text;
    }

    /**
     * Seconds to wait from a {@code Retry-After} header: delay-seconds, or an HTTP-date (RFC 9110
     * allows both) less the server's {@code Date}, or less {@code clock}'s now when the answer has
     * no {@code Date}; a date in the past means 0. Rounded up, so the wait is never too short.
     * -1 when the header is absent or neither form.
     */
    static long parseRetryAfter(String header, String dateHeader, Clock clock) {
        if (header == null || header.isBlank()) {
            return -1;
        }
        try {
            return Math.max(0, Long.parseLong(header.strip()));
        } catch (NumberFormatException notSeconds) {
            Optional<Instant> until = ResponseHeaders.httpDate(header);
            if (until.isEmpty()) {
                return -1;
            }
            // The server's own clock, when it says, so that clock skew does not stretch the wait.
            Instant from = ResponseHeaders.httpDate(dateHeader).orElseGet(clock::instant);
            long millis = Duration.between(from, until.get()).toMillis();
            return millis <= 0 ? 0 : (millis + 999) / 1000;
        }
    }

    private static String cause(String field, String message, String reason) {
        String text = message != null ? message : reason;
        return field == null || field.isEmpty() ? String.valueOf(text) : field + ": " + text;
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.path(field);
        return value.isValueNode() && !value.isNull() ? value.asText() : null;
    }

    private static String emptyToNull(String value) {
        return value == null || value.isEmpty() ? null : value;
    }
}
