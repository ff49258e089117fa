package dev.bundlectl.executor.apply;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.plan.errors.ApiErrorClassifier;
import io.vertx.core.Future;
import java.time.Duration;

/**
 * Waits for a CRD to be served: both {@code Established} and {@code NamesAccepted} True. Polls
 * the CRD with the scheduler (no thread waits) until the CRD timeout or the overall deadline,
 * whichever comes first. Dry runs skip the wait: nothing was stored.
 */
final class CrdEstablishment {

    private final PreparedStep run;
    private final long limitNanos;
    private final boolean limitedByDeadline;
    private String lastSeen = "no conditions yet";

    private CrdEstablishment(PreparedStep run) {
        this.run = run;
        RunEnvironment env = run.env();
        long crdLimit = env.now() + env.options().crdTimeout().toNanos();
        this.limitedByDeadline = env.deadlineNanos() < crdLimit;
        this.limitNanos = Math.min(crdLimit, env.deadlineNanos());
    }

    /** After a create: {@code WaitingForApi}, then {@code Created} once served. */
    static Future<StepOutcome> afterCreate(PreparedStep run) {
        if (run.dryRun()) {
            return Future.succeededFuture(StepOutcome.applied(StepStatus.CREATED, "created"));
        }
        run.reporter().status(StepStatus.WAITING_FOR_API, "created; waiting for Established and NamesAccepted", 1);
        return new CrdEstablishment(run).poll(StepStatus.CREATED, "created; Established and NamesAccepted");
    }

    /**
     * After an update: {@code Present} once served again.
     *
     * @param before the CRD as read before the apply, or null
     * @param after the CRD as the apply answered it
     */
    static Future<StepOutcome> afterUpdate(PreparedStep run, ObjectNode before, ObjectNode after) {
        if (run.dryRun()) {
            return Future.succeededFuture(StepOutcome.applied(StepStatus.PRESENT, "already existed; updated"));
        }
        String message = "already existed; updated; Established and NamesAccepted";
        // An apply that left the spec as it was (the generation did not move: a re-run) leaves the
        // CRD served as its answer's conditions say; reading it again would tell the same.
        if (before != null && sameGeneration(before, after) && served(after.path("status").path("conditions"))) {
            return Future.succeededFuture(StepOutcome.applied(StepStatus.PRESENT, message));
        }
        return new CrdEstablishment(run).poll(StepStatus.PRESENT, message);
    }

    private static boolean sameGeneration(ObjectNode before, ObjectNode after) {
        JsonNode was = before.path("metadata").path("generation");
        return was.canConvertToLong() && was.asLong() > 0 && was.asLong() == after.path("metadata").path("generation").asLong(-1);
    }

    private static boolean served(JsonNode conditions) {
        return isTrue(conditions, "Established") && isTrue(conditions, "NamesAccepted");
    }

    private Future<StepOutcome> poll(StepStatus whenServed, String message) {
        return run.api().get(run.type(), null, run.name()).transform(answer -> {
            if (answer.succeeded()) {
                JsonNode conditions = answer.result().path("status").path("conditions");
                if (served(conditions)) {
                    return Future.succeededFuture(StepOutcome.applied(whenServed, message));
                }
                lastSeen = describe(conditions);
            } else if (answer.cause() instanceof ApiException api
                    && ApiErrorClassifier.classify(api.failure()).transientError()) {
                lastSeen = "last read failed: " + api.failure().describe();
            } else {
                return Future.succeededFuture(FailurePolicy.outcome(answer.cause(), false,
                        "reading CustomResourceDefinition " + run.name()));
            }
            Duration interval = run.env().options().crdPollInterval();
            if (run.env().now() + interval.toNanos() > limitNanos) {
                return Future.succeededFuture(StepOutcome.failed(timeoutMessage()));
            }
            return run.env().options().scheduler().sleep(run.env().context(), interval)
                    .compose(slept -> poll(whenServed, message));
        });
    }

    private String timeoutMessage() {
        String within = limitedByDeadline
                ? "before the install deadline"
                : "within " + Durations.format(run.env().options().crdTimeout());
        return "CustomResourceDefinition " + run.name() + " was not Established and NamesAccepted " + within
                + " (" + lastSeen + ")";
    }

    private static boolean isTrue(JsonNode conditions, String type) {
        for (JsonNode condition : conditions) {
            if (type.equals(condition.path("type").asText()) && "True".equals(condition.path("status").asText())) {
                return true;
            }
        }
        return false;
    }

    private static String describe(JsonNode conditions) {
        StringBuilder text = new StringBuilder();
        for (String type : new String[] {"Established", "NamesAccepted"}) {
            JsonNode found = null;
            for (JsonNode condition : conditions) {
                if (type.equals(condition.path("type").asText())) {
                    found = condition;
                }
            }
            if (text.length() > 0) {
                text.append("; ");
            }
            if (found == null) {
                text.append(type).append(" not reported");
            } else {
                text.append(type).append('=').append(found.path("status").asText());
                if (!found.path("reason").asText().isEmpty()) {
                    text.append(' ').append(found.path("reason").asText());
                }
                if (!found.path("message").asText().isEmpty()) {
                    text.append(": ").append(found.path("message").asText());
                }
            }
        }
        return text.toString();
    }
}
