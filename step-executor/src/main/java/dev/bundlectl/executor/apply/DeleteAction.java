package dev.bundlectl.executor.apply;

import dev.bundlectl.executor.kube.ApiException;
import dev.bundlectl.plan.StepStatus;
import io.vertx.core.Future;

/** Requests deletion of a {@code release.openshift.io/delete} object; does not wait for it to go. */
final class DeleteAction {

    private DeleteAction() {
    }

    static Future<StepOutcome> run(StepRun run) {
        return run.retrier()
                .write("delete", () -> run.api().delete(run.type(), run.namespace(), run.name(), run.dryRun()))
                .map(deleted -> StepOutcome.applied(StepStatus.DELETED, "deletion requested"))
                .recover(error -> Future.succeededFuture(error instanceof ApiException api && api.isHttp(404)
                        ? StepOutcome.applied(StepStatus.DELETED, "already gone")
                        : FailurePolicy.outcome(error, run.optional(), "delete")));
    }
}
