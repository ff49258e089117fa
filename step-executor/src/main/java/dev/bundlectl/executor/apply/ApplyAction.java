package dev.bundlectl.executor.apply;

import dev.bundlectl.executor.ownership.ObservedObject;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.plan.errors.ApiErrorClassifier;
import dev.bundlectl.plan.errors.ErrorClass;
import io.vertx.core.Future;

/**
 * Create, and when the object exists, the behaviour's existing-object path: for the kinds that are
 * created once and then left alone (a CSV, a create-only object).
 *
 * <p>A 409 whose reason is neither AlreadyExists nor Conflict (fabric8's CRUD mock says
 * {@code Invalid}) is checked with a GET: if the object is there, it takes the existing-object
 * path. If a create that is being retried meets AlreadyExists after an earlier try whose answer
 * was lost, a GET decides whether the object is the one we sent: then this run created it.
 */
final class ApplyAction {

    private final ApplyBehaviour behaviour;

    ApplyAction(ApplyBehaviour behaviour) {
        this.behaviour = behaviour;
    }

    Future<StepOutcome> run(PreparedStep run) {
        if (!run.dryRun() && run.existedAtPreflight()) {
            // The preflight's create met it moments ago; this create would meet it again.
            return behaviour.onExisting().apply(run);
        }
        return run.retrier()
                .write("create", () -> run.api().create(run.type(), run.namespace(), run.manifest(), run.dryRun()))
                .compose(created -> {
                    reportCreated(run, created);
                    return behaviour.afterCreate().apply(run);
                }, error -> onCreateFailure(run, error));
    }

    private Future<StepOutcome> onCreateFailure(PreparedStep run, Throwable error) {
        if (!(error instanceof ApiException api)) {
            return Future.succeededFuture(FailurePolicy.outcome(error, run.optional(), "create"));
        }
        if (ApiErrorClassifier.classify(api.failure()).errorClass() == ErrorClass.ALREADY_EXISTS) {
            return existing(run);
        }
        if (api.isHttp(409)) {
            return run.retrier().read("get", () -> run.api().get(run.type(), run.namespace(), run.name()))
                    .compose(live -> existing(run), notThere -> Future.succeededFuture(
                            FailurePolicy.outcome(error, run.optional(), "create")));
        }
        return Future.succeededFuture(FailurePolicy.outcome(error, run.optional(), "create"));
    }

    private Future<StepOutcome> existing(PreparedStep run) {
        if (run.dryRun()) {
            run.reporter().foundExisting();
        }
        if (run.dryRun() || !run.retrier().writeMayHaveLanded()) {
            return behaviour.onExisting().apply(run);
        }
        return run.retrier().read("get", () -> run.api().get(run.type(), run.namespace(), run.name()))
                .compose(live -> {
                            if (!SentObjectMatch.matches(run.manifest(), live)) {
                                return behaviour.onExisting().apply(run);
                            }
                            // Our own earlier create landed and only its answer was lost.
                            reportCreated(run, live);
                            return behaviour.afterCreate().apply(run);
                        },
                        error -> Future.succeededFuture(FailurePolicy.outcome(error, run.optional(), "get")));
    }

    private static void reportCreated(PreparedStep run, ObjectNode live) {
        run.reporter().observed(ObservedObject.of(live, true));
        if (!run.dryRun()) {
            run.reporter().created(run.type(), live);
        } else {
            run.reporter().answered(live);
        }
    }
}
