package dev.bundlectl.executor.apply;

import dev.bundlectl.executor.kube.ApiException;
import dev.bundlectl.plan.model.StepStatus;
import io.vertx.core.Future;

/** Requests deletion of a {@code release.openshift.io/delete} object; does not wait for it to go. */
public final class DeleteAction {

    /** The message of a delete step whose object existed and was asked to go. */
    public static final String DELETION_REQUESTED = "deletion requested";
    /** The message of a delete step whose object was already gone (404). */
    public static final String ALREADY_GONE = "already gone";


    private DeleteAction() {
    }

    static Future<StepOutcome> run(PreparedStep run) {
        return run.retrier()
                .write("delete", () -> run.api().delete(run.type(), run.namespace(), run.name(), run.dryRun()))
                .map(deleted -> StepOutcome.applied(StepStatus.DELETED, DELETION_REQUESTED))
                .recover(error -> Future.succeededFuture(error instanceof ApiException api && api.isHttp(404)
                        ? StepOutcome.applied(StepStatus.DELETED, ALREADY_GONE)
                        : FailurePolicy.outcome(error, run.optional(), "delete")));
    }
}
