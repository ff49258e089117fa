package dev.bundlectl.executor.install;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.yaml.Mappers;
import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.executor.testing.Await;
import dev.bundlectl.executor.testing.UnsupportedKubeApi;
import dev.bundlectl.executor.testing.VirtualScheduler;
import dev.bundlectl.plan.api.ApiResource;
import dev.bundlectl.plan.errors.ApiFailure;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Waiting for OLM, in virtual time, against CSV statuses written as OLM writes them: each change
 * of phase, reason or message reported once, {@code Succeeded} and {@code Failed} ending the wait,
 * the deadline ending it with OLM's last word and its unmet requirements.
 */
class CsvWaitTest {

    private final Vertx vertx = Vertx.vertx();

    @AfterEach
    void close() {
        vertx.close();
    }

    @Test
    void reportsEachChangeOnceAndEndsAtSucceeded() {
        ScriptedCsv api = new ScriptedCsv(status("Pending", "RequirementsUnknown", "requirements not yet checked"),
                status("Pending", "RequirementsUnknown", "requirements not yet checked"),
                status("Installing", "InstallWaiting", "installing: waiting for deployment demo to become ready"),
                status("Succeeded", "InstallSucceeded", "install strategy completed with no errors"));
        List<String> seen = new ArrayList<>();

        CsvWaitOutcome outcome = Await.result(new CsvWait(vertx, api, new VirtualScheduler(), Duration.ofSeconds(1))
                .await("ops", "demo.v1", Duration.ofMinutes(1), phase -> seen.add(phase.line())));

        assertThat(outcome).isInstanceOf(CsvWaitOutcome.Running.class);
        assertThat(outcome.waited()).isEqualTo(Duration.ofSeconds(3));
        assertThat(seen).containsExactly("Pending RequirementsUnknown: requirements not yet checked",
                "Installing InstallWaiting: installing: waiting for deployment demo to become ready",
                "Succeeded InstallSucceeded: install strategy completed with no errors");
    }

    @Test
    void failedEndsTheWaitWithTheUnmetRequirementsVerbatim() {
        ObjectNode failed = status("Failed", "RequirementsNotMet", "one or more requirements couldn't be found");
        ((ObjectNode) failed.get("status")).set("requirementStatus", json("""
                [{"group": "", "version": "v1", "kind": "ServiceAccount", "name": "demo", "status": "NotPresent",
                  "message": "Service account does not exist"},
                 {"group": "apiextensions.k8s.io", "version": "v1", "kind": "CustomResourceDefinition",
                  "name": "demos.example.com", "status": "Present", "message": "CRD is present"},
                 {"group": "", "version": "v1", "kind": "ServiceAccount", "name": "helper",
                  "status": "PresentNotSatisfied", "message": "Policy rule not satisfied for service account",
                  "dependents": [{"status": "NotSatisfied", "message": "namespaced rule:{\\"verbs\\":[\\"get\\"]}"},
                                 {"status": "Satisfied", "message": "cluster rule:{}"}]}]
                """));
        ScriptedCsv api = new ScriptedCsv(failed);

        CsvWaitOutcome outcome = Await.result(new CsvWait(vertx, api, new VirtualScheduler(), Duration.ofSeconds(1))
                .await("ops", "demo.v1", Duration.ofMinutes(1), phase -> { }));

        assertThat(outcome).isInstanceOf(CsvWaitOutcome.Failed.class);
        assertThat(outcome.last().unmet()).containsExactly(
                "ServiceAccount/demo NotPresent \"Service account does not exist\"",
                "ServiceAccount/helper PresentNotSatisfied \"Policy rule not satisfied for service account\"",
                "  NotSatisfied namespaced rule:{\"verbs\":[\"get\"]}");
    }

    @Test
    void theDeadlineEndsItWithOlmsLastWord() {
        ScriptedCsv api = new ScriptedCsv(status("Pending", "RequirementsNotMet", "one or more requirements couldn't "
                + "be found"));

        CsvWaitOutcome outcome = Await.result(new CsvWait(vertx, api, new VirtualScheduler(), Duration.ofSeconds(2))
                .await("ops", "demo.v1", Duration.ofSeconds(10), phase -> { }));

        assertThat(outcome).isInstanceOf(CsvWaitOutcome.TimedOut.class);
        assertThat(outcome.last().reason()).isEqualTo("RequirementsNotMet");
        assertThat(outcome.waited()).isLessThanOrEqualTo(Duration.ofSeconds(10));
        assertThat(api.reads).isBetween(5, 6);
    }

    @Test
    void aCsvThatCannotBeReadIsUnreadableAtTheDeadline() {
        ScriptedCsv api = new ScriptedCsv();

        CsvWaitOutcome outcome = Await.result(new CsvWait(vertx, api, new VirtualScheduler(), Duration.ofSeconds(1))
                .await("ops", "demo.v1", Duration.ofSeconds(3), phase -> { }));

        assertThat(outcome).isInstanceOf(CsvWaitOutcome.Unreadable.class);
        assertThat(((CsvWaitOutcome.Unreadable) outcome).error()).contains("not found");
        assertThat(OperatorRunning.condition(outcome, java.time.Instant.EPOCH).status()).isEqualTo("Unknown");
    }

    private static ObjectNode status(String phase, String reason, String message) {
        return (ObjectNode) json("{\"status\": {\"phase\": \"" + phase + "\", \"reason\": \"" + reason
                + "\", \"message\": \"" + message + "\"}}");
    }

    private static JsonNode json(String text) {
        try {
            return Mappers.json().readTree(text);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Answers each GET with the next status in turn, then keeps the last; none at all is a 404. */
    private static final class ScriptedCsv extends UnsupportedKubeApi {
        private final Deque<ObjectNode> answers;
        private ObjectNode last;
        int reads;

        ScriptedCsv(ObjectNode... answers) {
            this.answers = new ArrayDeque<>(List.of(answers));
        }

        @Override
        public synchronized Future<ObjectNode> get(ApiResource type, String namespace, String name) {
            reads++;
            if (!answers.isEmpty()) {
                last = answers.poll();
            }
            return last == null ? Future.failedFuture(new ApiException(new ApiFailure.HttpError(404, "NotFound",
                    "clusterserviceversions \"" + name + "\" not found", null, List.of(), -1)))
                    : Future.succeededFuture(last.deepCopy());
        }
    }
}
