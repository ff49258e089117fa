package dev.bundlectl.plan.errors;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.plan.errors.ApiFailure.HttpError;
import dev.bundlectl.plan.errors.ApiFailure.TransportError;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/** semantics.md §3, row by row. */
class ApiErrorClassifierTest {

    private static final Classification NOT_CREATED = new Classification(ErrorClass.NOT_CREATED, false);
    private static final Classification TRANSIENT = new Classification(ErrorClass.FAILURE, true);
    private static final Classification PERMANENT = new Classification(ErrorClass.FAILURE, false);

    @ParameterizedTest(name = "{0} {1} is NotCreated")
    @CsvSource({
        "401, Unauthorized",
        "403, Forbidden",
        "404, NotFound",
        "406, NotAcceptable",
        "415, UnsupportedMediaType",
        "422, Invalid"
    })
    void notCreatedCodes(int code, String reason) {
        assertThat(ApiErrorClassifier.classify(HttpError.of(code, reason))).isEqualTo(NOT_CREATED);
    }

    @Test
    void plainText404OfAnUnservedGroupIsNotCreated() {
        HttpError plain = new HttpError(404, null, "404 page not found", null, List.of(), -1);

        assertThat(plain.isStatusObject()).isFalse();
        assertThat(ApiErrorClassifier.classify(plain)).isEqualTo(NOT_CREATED);
    }

    @Test
    void missingNamespaceAndTerminatingNamespaceAreNotCreated() {
        HttpError missingNamespace = new HttpError(404, "NotFound", "namespaces \"demo\" not found", "namespaces",
                List.of(), -1);
        HttpError terminating = new HttpError(403, "Forbidden", "unable to create new content in namespace demo "
                + "because it is being terminated", null, List.of("NamespaceTerminating: namespace is terminating"), -1);

        assertThat(ApiErrorClassifier.classify(missingNamespace)).isEqualTo(NOT_CREATED);
        assertThat(ApiErrorClassifier.classify(terminating)).isEqualTo(NOT_CREATED);
    }

    @Test
    void anApplyOfAFieldTheSchemaLacksIsTheObjectsFaultNotTheServers() {
        // What a real kube-apiserver 1.26 answered to a ClusterRole rule with attributeRestrictions.
        HttpError typedPatch = new HttpError(500, null, "failed to create typed patch object (/demo; "
                + "rbac.authorization.k8s.io/v1, Kind=ClusterRole): .rules[9].attributeRestrictions: field not declared "
                + "in schema", null, List.of(), -1);
        HttpError etcdTimeout = new HttpError(500, "InternalError", "etcdserver: request timed out", null, List.of(), -1);

        assertThat(ApiErrorClassifier.classify(typedPatch)).isEqualTo(NOT_CREATED);
        assertThat(ApiErrorClassifier.classify(etcdTimeout)).isEqualTo(TRANSIENT);
    }

    @Test
    void conflict409sByReason() {
        assertThat(ApiErrorClassifier.classify(HttpError.of(409, "AlreadyExists")))
                .isEqualTo(new Classification(ErrorClass.ALREADY_EXISTS, false));
        assertThat(ApiErrorClassifier.classify(HttpError.of(409, "Conflict")))
                .isEqualTo(new Classification(ErrorClass.CONFLICT, false));
        // fabric8's CRUD mock says Invalid where a real server says AlreadyExists or Conflict.
        assertThat(ApiErrorClassifier.classify(HttpError.of(409, "Invalid"))).isEqualTo(NOT_CREATED);
        assertThat(ApiErrorClassifier.classify(HttpError.of(409, null))).isEqualTo(NOT_CREATED);
    }

    @ParameterizedTest(name = "{0} {1} is a permanent failure")
    @CsvSource({
        "400, BadRequest",
        "405, MethodNotAllowed",
        "410, Gone",
        "410, Expired",
        "413, RequestEntityTooLarge",
        "418, ",
        "-1, "
    })
    void permanentFailures(int code, String reason) {
        assertThat(ApiErrorClassifier.classify(HttpError.of(code, reason))).isEqualTo(PERMANENT);
    }

    @ParameterizedTest(name = "{0} {1} is a transient failure")
    @CsvSource({
        "429, TooManyRequests",
        "500, InternalError",
        "500, ServerTimeout",
        "501, ",
        "502, ",
        "503, ServiceUnavailable",
        "504, Timeout",
        "599, "
    })
    void transientFailures(int code, String reason) {
        assertThat(ApiErrorClassifier.classify(HttpError.of(code, reason))).isEqualTo(TRANSIENT);
    }

    @Test
    void retryAfterDoesNotChangeTheClass() {
        HttpError throttled = new HttpError(429, "TooManyRequests", "slow down", null, List.of(), 7);

        assertThat(ApiErrorClassifier.classify(throttled)).isEqualTo(TRANSIENT);
        assertThat(throttled.retryAfterSeconds()).isEqualTo(7);
    }

    @ParameterizedTest
    @EnumSource(value = TransportError.Kind.class, names = {"TIMEOUT", "CONNECTION_RESET", "CONNECTION_REFUSED", "OTHER"})
    void transportFailuresAreTransient(TransportError.Kind kind) {
        assertThat(ApiErrorClassifier.classify(new TransportError(kind, "boom"))).isEqualTo(TRANSIENT);
    }

    @Test
    void tlsFailuresArePermanent() {
        TransportError tls = new TransportError(TransportError.Kind.TLS, "PKIX path building failed");

        assertThat(ApiErrorClassifier.classify(tls)).isEqualTo(PERMANENT);
        assertThat(tls.describe()).isEqualTo("TLS handshake failed: PKIX path building failed");
    }

    @Test
    void describeIsOneLineWithCauses() {
        HttpError invalid = new HttpError(422, "Invalid", "ServiceMonitor \"m\" is invalid", "servicemonitors",
                List.of("spec.endpoints: Required value"), -1);

        assertThat(invalid.describe())
                .isEqualTo("422 Invalid: ServiceMonitor \"m\" is invalid (spec.endpoints: Required value)");
        assertThat(new HttpError(404, null, "404 page not found\n", null, List.of(), -1).describe())
                .isEqualTo("404: 404 page not found");
    }
}
