package dev.bundlectl.executor.apply;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.executor.records.AppliedState;
import io.vertx.core.Future;
import java.util.Optional;

/**
 * A CRD: read it first, because an existing CRD may only change after two safety checks (no
 * stored version dropped, every existing custom resource still valid against the new schema); then
 * server-side apply, and wait until the CRD is Established and its names accepted.
 *
 * <p>A CRD the preflight found as the last install's apply left it, with the same body again, is
 * neither read nor sent ({@link ServerSideApply#leftOut}): nothing has written to it since, so it
 * is as that install saw it, Established. A CRD's {@code resourceVersion} moves once more after
 * it is created (the server's controller sets its conditions), so it is left out from the second
 * re-run on.
 */
final class CrdApply implements ApplyStage {

    private final UpdateGuard guard = new StoredVersionsGuard().then(new ExistingCustomResourcesGuard());

    @Override
    public Future<StepOutcome> apply(PreparedStep run) {
        String bodyDigest = AppliedState.digestOf(run.manifest());
        Optional<StepOutcome> unchanged = ServerSideApply.leftOut(run, bodyDigest);
        if (unchanged.isPresent()) {
            return ServerSideApply.ofCrd(CrdEstablishment::afterCreate, (step, answer) -> CrdEstablishment.afterUpdate(step,
                    null, answer.object())).listedAfterLeftOut(run, unchanged.get(), bodyDigest);
        }
        return run.retrier().read("get", () -> run.api().get(run.type(), run.namespace(), run.name()))
                .compose(live -> guard.check(run, live)
                                .compose(stop -> stop.isPresent() ? Future.succeededFuture(stop.get())
                                        : applyOver(run, live, bodyDigest)),
                        error -> error instanceof ApiException api && api.isHttp(404)
                                ? applyOver(run, null, bodyDigest)
                                : Future.succeededFuture(FailurePolicy.outcome(error, run.optional(), "get")));
    }

    /** Applies over {@code live}, the CRD as read before (null when there was none). */
    private static Future<StepOutcome> applyOver(PreparedStep run, ObjectNode live, String bodyDigest) {
        return ServerSideApply.ofCrd(CrdEstablishment::afterCreate,
                (step, answer) -> CrdEstablishment.afterUpdate(step, live, answer.object())).apply(run, bodyDigest);
    }
}
