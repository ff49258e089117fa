package dev.bundlectl.executor.apply;

import dev.bundlectl.plan.model.StepStatus;
import io.vertx.core.Future;

/**
 * How a create-only kind is applied (a ClusterServiceVersion, or an object annotated
 * {@code release.openshift.io/create-only}): create it, and leave an existing one as it is.
 *
 * @param afterCreate runs once the create succeeded
 * @param onExisting runs when the create found the object already there
 */
record ApplyBehaviour(ApplyStage afterCreate, ApplyStage onExisting) {

    /** Created, or Present and left unchanged for the given reason. */
    static ApplyBehaviour createOnly(String why) {
        return createOnly(run -> Future.succeededFuture(StepOutcome.applied(StepStatus.CREATED, "created")), why);
    }

    /** Created, or what {@code onExisting} does with the object already there. */
    static ApplyBehaviour createdElse(ApplyStage onExisting) {
        return new ApplyBehaviour(run -> Future.succeededFuture(StepOutcome.applied(StepStatus.CREATED, "created")),
                onExisting);
    }

    /** {@code afterCreate} once created (a CRD waits to be served), or Present and left unchanged. */
    static ApplyBehaviour createOnly(ApplyStage afterCreate, String why) {
        return new ApplyBehaviour(afterCreate,
                run -> Future.succeededFuture(
                        StepOutcome.applied(StepStatus.PRESENT, "already exists; left unchanged (" + why + ")")));
    }
}
