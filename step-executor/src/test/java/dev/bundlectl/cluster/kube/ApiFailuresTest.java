package dev.bundlectl.cluster.kube;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bundlectl.executor.testing.Statuses;
import dev.bundlectl.plan.errors.ApiFailure;
import dev.bundlectl.plan.errors.ApiFailure.TransportError.Kind;
import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;

class ApiFailuresTest {

    private final ApiFailures failures = new ApiFailures(new ObjectMapper());

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void readsAStatusWithItsDetailsAndCauses() {
        ApiFailure.HttpError error = failures.fromResponse(422, bytes(Statuses.status(422, "Invalid",
                "Service \"demo\" is invalid", "Service", "spec.ports[0].port", "must be between 1 and 65535")), null);

        assertThat(error.code()).isEqualTo(422);
        assertThat(error.reason()).isEqualTo("Invalid");
        assertThat(error.message()).isEqualTo("Service \"demo\" is invalid");
        assertThat(error.detailsKind()).isEqualTo("Service");
        assertThat(error.causes()).containsExactly("spec.ports[0].port: must be between 1 and 65535");
        assertThat(error.retryAfterSeconds()).isEqualTo(-1);
    }

    @Test
    void keepsAPlainTextBodyAsTheMessageWithoutAReason() {
        ApiFailure.HttpError error = failures.fromResponse(404, bytes("404 page not found\n"), null);

        assertThat(error.reason()).isNull();
        assertThat(error.isStatusObject()).isFalse();
        assertThat(error.message()).isEqualTo("404 page not found");
        assertThat(error.describe()).isEqualTo("404: 404 page not found");
    }

    @Test
    void takesRetryAfterFromTheHeaderFirstThenFromTheStatusDetails() {
        assertThat(failures.fromResponse(429, bytes(Statuses.tooManyRequests(2)), "9").retryAfterSeconds()).isEqualTo(9);
        assertThat(failures.fromResponse(429, bytes(Statuses.tooManyRequests(2)), null).retryAfterSeconds()).isEqualTo(2);
        assertThat(failures.fromResponse(503, new byte[0], "soon").retryAfterSeconds()).isEqualTo(-1);
    }

    @Test
    void aRetryAfterDateCountsFromTheServersDateHeader() {
        assertThat(failures.fromResponse(503, new byte[0], "Wed, 21 Oct 2026 07:28:00 GMT",
                "Wed, 21 Oct 2026 07:27:30 GMT").retryAfterSeconds()).isEqualTo(30);
    }

    @Test
    void aRetryAfterDateWithoutADateHeaderCountsFromNow() {
        ApiFailures at = new ApiFailures(new ObjectMapper(),
                Clock.fixed(Instant.parse("2026-10-21T07:27:58.500Z"), ZoneOffset.UTC));

        assertThat(at.fromResponse(429, new byte[0], "Wed, 21 Oct 2026 07:28:00 GMT", null).retryAfterSeconds())
                .as("1.5s, rounded up").isEqualTo(2);
    }

    @Test
    void aRetryAfterDateInThePastMeansNoWait() {
        assertThat(failures.fromResponse(503, new byte[0], "Wed, 21 Oct 2015 07:28:00 GMT",
                "Wed, 21 Oct 2015 07:29:00 GMT").retryAfterSeconds()).isZero();
    }

    @Test
    void mapsFabric8ExceptionsWithAStatus() {
        KubernetesClientException forbidden = new KubernetesClientException(new StatusBuilder().withCode(403)
                .withReason("Forbidden").withMessage("nope").withNewDetails().withKind("services").withRetryAfterSeconds(3)
                .endDetails().build());

        ApiFailure failure = failures.fromThrowable(new CompletionException(forbidden));

        assertThat(failure).isEqualTo(new ApiFailure.HttpError(403, "Forbidden", "nope", "services",
                java.util.List.of(), 3));
    }

    @Test
    void mapsAFabric8ExceptionWithoutACodeByItsCause() {
        KubernetesClientException wrapped = new KubernetesClientException("An error has occurred.",
                new ConnectException("Connection refused"));

        assertThat(failures.fromThrowable(wrapped)).isEqualTo(
                new ApiFailure.TransportError(Kind.CONNECTION_REFUSED, "Connection refused"));
    }

    @Test
    void sortsTransportFailures() {
        assertThat(kind(new TimeoutException("The timeout period of 300ms has been exceeded"))).isEqualTo(Kind.TIMEOUT);
        assertThat(kind(new IOException("Connection was closed"))).isEqualTo(Kind.CONNECTION_RESET);
        assertThat(kind(new SocketException("Connection reset"))).isEqualTo(Kind.CONNECTION_RESET);
        assertThat(kind(new RuntimeException(new ConnectException("Connection refused"))))
                .isEqualTo(Kind.CONNECTION_REFUSED);
        assertThat(kind(new SSLHandshakeException("PKIX path building failed"))).isEqualTo(Kind.TLS);
        assertThat(kind(new IllegalStateException("odd"))).isEqualTo(Kind.OTHER);
    }

    @Test
    void anApiExceptionKeepsItsFailure() {
        ApiFailure failure = ApiFailure.HttpError.of(409, "AlreadyExists");

        assertThat(failures.fromThrowable(new ApiException(failure))).isSameAs(failure);
        assertThat(failures.toException(new CompletionException(new ApiException(failure))).failure()).isSameAs(failure);
    }

    private Kind kind(Throwable error) {
        return ((ApiFailure.TransportError) failures.fromThrowable(error)).kind();
    }
}
