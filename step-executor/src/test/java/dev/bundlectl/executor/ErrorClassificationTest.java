package dev.bundlectl.executor;

import dev.bundlectl.plan.planned.PlannedInstall;
import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.executor.apply.ApplySettings;
import static dev.bundlectl.executor.testing.Manifests.inNamespace;
import static dev.bundlectl.executor.testing.Manifests.service;
import static dev.bundlectl.executor.testing.Manifests.step;
import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.executor.testing.Await;
import dev.bundlectl.executor.testing.Manifests;
import dev.bundlectl.executor.testing.MockCluster;
import dev.bundlectl.executor.testing.RecordingListener;
import dev.bundlectl.executor.testing.Statuses;
import dev.bundlectl.executor.testing.VirtualScheduler;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.InstallPlanPhase;
import dev.bundlectl.plan.model.PlanCondition;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepStatus;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every row of semantics.md §3's classification table, for an optional and for a required step,
 * with the exact answers a real API server sends (scripted on the mock server). Each case uses
 * its own namespace so that the scripted answers do not meet.
 */
class ErrorClassificationTest {

    private static final AtomicInteger NAMESPACES = new AtomicInteger();
    private static MockCluster cluster;
    private static ClusterConnection connection;

    @BeforeAll
    static void startCluster() {
        cluster = MockCluster.start();
        connection = cluster.connect();
    }

    @AfterAll
    static void stopCluster() {
        cluster.close();
    }

    /** One answer to the create, and what it means. */
    record Answer(String name, int code, String body, boolean plainText, Kind kind) {
        @Override
        public String toString() {
            return name;
        }
    }

    enum Kind { NOT_CREATED, PERMANENT, TRANSIENT }

    static List<Answer> answers() {
        return List.of(
                new Answer("401 Unauthorized", 401, Statuses.status(401, "Unauthorized", "Unauthorized"), false,
                        Kind.NOT_CREATED),
                new Answer("403 Forbidden", 403, Statuses.status(403, "Forbidden",
                        "services is forbidden: User \"dev\" cannot create resource \"services\""), false, Kind.NOT_CREATED),
                new Answer("403 NamespaceTerminating", 403, Statuses.status(403, "Forbidden",
                        "unable to create new content in namespace x because it is being terminated", "services",
                        "metadata.namespace", "namespace is terminating"), false, Kind.NOT_CREATED),
                new Answer("404 NotFound namespace", 404, Statuses.status(404, "NotFound", "namespaces \"x\" not found",
                        "namespaces", null, null), false, Kind.NOT_CREATED),
                new Answer("404 text/plain", 404, "404 page not found", true, Kind.NOT_CREATED),
                new Answer("406 NotAcceptable", 406, Statuses.status(406, "NotAcceptable", "not acceptable"), false,
                        Kind.NOT_CREATED),
                new Answer("409 not AlreadyExists", 409, Statuses.status(409, "Invalid", "something conflicts"), false,
                        Kind.NOT_CREATED),
                new Answer("415 UnsupportedMediaType", 415, Statuses.status(415, "UnsupportedMediaType",
                        "the body of the request was in an unknown format"), false, Kind.NOT_CREATED),
                new Answer("422 Invalid", 422, Statuses.status(422, "Invalid", "Service \"demo\" is invalid",
                        "Service", "spec.ports[0].port", "must be between 1 and 65535"), false, Kind.NOT_CREATED),
                new Answer("400 BadRequest", 400, Statuses.status(400, "BadRequest", "bad request"), false,
                        Kind.PERMANENT),
                new Answer("405 MethodNotAllowed", 405, Statuses.status(405, "MethodNotAllowed", "not allowed"), false,
                        Kind.PERMANENT),
                new Answer("410 Gone", 410, Statuses.status(410, "Gone", "gone"), false, Kind.PERMANENT),
                new Answer("413 RequestEntityTooLarge", 413, Statuses.status(413, "RequestEntityTooLarge", "too large"),
                        false, Kind.PERMANENT),
                new Answer("429 TooManyRequests", 429, Statuses.tooManyRequests(1), false, Kind.TRANSIENT),
                new Answer("500 InternalError", 500, Statuses.status(500, "InternalError", "etcd timeout"), false,
                        Kind.TRANSIENT),
                new Answer("503 ServiceUnavailable", 503, Statuses.status(503, "ServiceUnavailable", "unavailable"), false,
                        Kind.TRANSIENT),
                new Answer("504 Timeout", 504, Statuses.status(504, "Timeout", "timeout"), false, Kind.TRANSIENT));
    }

    static Stream<Arguments> cases() {
        List<Arguments> cases = new ArrayList<>();
        for (Answer answer : answers()) {
            cases.add(Arguments.of(answer, true));
            cases.add(Arguments.of(answer, false));
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}, optional={1}")
    @MethodSource("cases")
    void anAnswerToAnApplyEndsTheStepAsTheTableSays(Answer answer, boolean optional) {
        String namespace = "case-" + NAMESPACES.incrementAndGet();
        String path = "/api/v1/namespaces/" + namespace + "/services";
        String apply = path + "/demo?fieldManager=bundlectl";
        cluster.server().expect().patch().withPath(apply).andReturn(answer.code(), answer.body()).always();
        Step step = inNamespace(step(service("demo"), true, optional), namespace);

        ApplySettings options = ApplySettings.builder().scheduler(new VirtualScheduler()).jitter(0)
                .timeout(Duration.ofSeconds(10)).build();
        InstallPlan result = Await.result(new PlanApplier(connection)
                .start(PlannedInstall.read(Manifests.plan(step)), options, new RecordingListener()).result());

        Step done = result.steps().get(0);
        boolean notCreated = optional && answer.kind() == Kind.NOT_CREATED;
        assertThat(done.status()).isEqualTo(notCreated ? StepStatus.NOT_CREATED : StepStatus.FAILED);
        assertThat(done.message()).contains(String.valueOf(answer.code()));
        if (answer.plainText()) {
            assertThat(done.message()).contains("404 page not found");
        } else {
            assertThat(done.message()).contains(Manifests.read(answer.body()).path("message").asText());
        }
        if (answer.code() == 422) {
            assertThat(done.message()).contains("spec.ports[0].port: must be between 1 and 65535");
        }
        long creates = cluster.requests("PATCH", apply).size();
        if (answer.kind() == Kind.TRANSIENT) {
            assertThat(creates).as("retried until the deadline").isGreaterThan(3);
            assertThat(done.message()).contains("gave up after " + creates + " attempts");
        } else {
            assertThat(creates).isEqualTo(1);
        }

        PlanCondition installed = result.status().conditions().get(0);
        if (notCreated) {
            assertThat(result.status().phase()).isEqualTo(InstallPlanPhase.COMPLETE);
            assertThat(installed.status()).isEqualTo("True");
        } else {
            assertThat(result.status().phase()).isEqualTo(InstallPlanPhase.FAILED);
            assertThat(installed.status()).isEqualTo("False");
            assertThat(installed.reason()).isEqualTo("InstallComponentFailed");
            assertThat(installed.message()).startsWith("Service/" + namespace + "/demo: apply failed: " + answer.code());
        }
    }
}
