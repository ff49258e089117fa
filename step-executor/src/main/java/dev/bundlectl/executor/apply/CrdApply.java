package dev.bundlectl.executor.apply;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.executor.kube.ApiException;
import io.vertx.core.Future;

/**
 * A CRD: read it first, because an existing CRD may only change after two safety checks (no
 * stored version dropped, every existing custom resource still valid against the new schema); then
 * server-side apply, and wait until the CRD is Established and its names accepted.
 */
final class CrdApply implements ApplyStage {

    private final UpdateGuard guard = new StoredVersionsGuard().then(new ExistingCustomResourcesGuard());

    @Override
    public Future<StepOutcome> apply(PreparedStep run) {
        return run.retrier().read("get", () -> run.api().get(run.type(), run.namespace(), run.name()))
                .compose(live -> guard.check(run, live)
                                .compose(stop -> stop.isPresent() ? Future.succeededFuture(stop.get()) : applyOver(run, live)),
                        error -> error instanceof ApiException api && api.isHttp(404)
                                ? applyOver(run, null)
                                : Future.succeededFuture(FailurePolicy.outcome(error, run.optional(), "get")));
    }

    /** Applies over {@code live}, the CRD as read before (null when there was none). */
    private static Future<StepOutcome> applyOver(PreparedStep run, ObjectNode live) {
        return new ServerSideApply(CrdEstablishment::afterCreate,
                (step, answer) -> CrdEstablishment.afterUpdate(step, live, answer.object())).apply(run);
    }
}
