package dev.bundlectl.executor.apply;

import dev.bundlectl.cluster.kube.ApiException;
import io.vertx.core.Future;

/** Requests deletion of a {@code release.openshift.io/delete} object; does not wait for it to go. */
public final class DeleteAction {

    private DeleteAction() {
    }

    static Future<StepOutcome> run(PreparedStep run) {
        return run.retrier()
                .write("delete", () -> run.api().delete(run.type(), run.namespace(), run.name(), run.dryRun()))
                .map(deleted -> StepOutcome.deleted(DeleteResult.REQUESTED))
                .recover(error -> Future.succeededFuture(error instanceof ApiException api && api.isHttp(404)
                        ? StepOutcome.deleted(DeleteResult.ALREADY_GONE)
                        : FailurePolicy.outcome(error, run.optional(), "delete")));
    }
}
