package dev.bundlectl.executor.apply;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.executor.kube.ApiException;
import io.vertx.core.Future;

/**
 * The update path for an object that already exists: GET it, run the guard's checks, copy its
 * {@code resourceVersion} (and fields the cluster owns), PUT. A 409 on the PUT means the version
 * went stale: GET again and retry, a bounded number of times.
 */
final class ExistingObjectUpdate implements StepPhase {

    private final UpdateGuard guard;
    private final StepPhase afterUpdate;

    ExistingObjectUpdate(UpdateGuard guard, StepPhase afterUpdate) {
        this.guard = guard;
        this.afterUpdate = afterUpdate;
    }

    @Override
    public Future<StepOutcome> apply(StepRun run) {
        return round(run, 0);
    }

    private Future<StepOutcome> round(StepRun run, int conflicts) {
        return run.retrier().read("get", () -> run.api().get(run.type(), run.namespace(), run.name()))
                .compose(live -> replace(run, live, conflicts),
                        error -> Future.succeededFuture(FailurePolicy.outcome(error, run.optional(), "get")));
    }

    private Future<StepOutcome> replace(StepRun run, ObjectNode live, int conflicts) {
        return guard.check(run, live).compose(stop -> stop.isPresent()
                ? Future.succeededFuture(stop.get())
                : put(run, live, conflicts));
    }

    private Future<StepOutcome> put(StepRun run, ObjectNode live, int conflicts) {
        ObjectNode desired = run.manifest().deepCopy();
        LiveFields.carryOver(run.type().group(), run.type().kind(), desired, live);
        JsonNode resourceVersion = live.path("metadata").path("resourceVersion");
        if (resourceVersion.isTextual()) {
            metadata(desired).put("resourceVersion", resourceVersion.asText());
        }
        return run.retrier()
                .write("update", () -> run.api().update(run.type(), run.namespace(), desired, run.dryRun()))
                .compose(updated -> afterUpdate.apply(run), error -> onUpdateFailure(run, error, conflicts));
    }

    private Future<StepOutcome> onUpdateFailure(StepRun run, Throwable error, int conflicts) {
        // A real server says reason Conflict; fabric8's CRUD mock says Invalid. Either way a 409
        // on a PUT that carried a resourceVersion means it went stale.
        if (error instanceof ApiException api && api.isHttp(409)) {
            int allowed = run.env().options().conflictRetries();
            if (conflicts < allowed) {
                run.reporter().retrying("update: " + api.failure().describe() + "; reading the object again",
                        conflicts + 2);
                return round(run, conflicts + 1);
            }
            return Future.succeededFuture(StepOutcome.failed("update failed: " + api.failure().describe()
                    + " (still conflicting after " + (allowed + 1) + " attempts)"));
        }
        return Future.succeededFuture(FailurePolicy.outcome(error, run.optional(), "update"));
    }

    private static ObjectNode metadata(ObjectNode object) {
        JsonNode metadata = object.get("metadata");
        return metadata instanceof ObjectNode existing ? existing : object.putObject("metadata");
    }
}
