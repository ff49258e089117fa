package dev.bundlectl.executor.apply;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.executor.records.CreatedObject;
import dev.bundlectl.executor.records.ObjectRef;
import dev.bundlectl.executor.uninstall.DeletionResult;
import dev.bundlectl.executor.uninstall.ObjectDeleter;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepStatus;
import io.vertx.core.Future;

/**
 * An upgrade's delete step: the previous install created the object and the new bundle no longer
 * has it. It is deleted only if its live uid is still the one the step carries (from the install
 * record), and then with that uid as the DELETE's precondition, so that an object someone
 * recreated under the same name is left alone. The outcome is {@code Deleted}, or {@code Present}
 * with the reason it was not deleted.
 */
final class RemovalAction {

    private RemovalAction() {
    }

    static Future<StepOutcome> run(Step step, ObjectNode manifest, RunEnvironment env) {
        String uid = manifest.path("metadata").path("uid").asText("");
        if (uid.isEmpty()) {
            // The planner never makes such a step; a hand-edited plan must not delete blindly.
            return Future.succeededFuture(StepOutcome.applied(StepStatus.PRESENT,
                    "not deleted: the step gives no uid to check the object against"));
        }
        CreatedObject owned = new CreatedObject(ObjectRef.of(step.resource()), null, uid, null, null);
        return ObjectDeleter.forUpgrade(env.api(), env.discovery(), env.options().owner(), env.dryRun()).delete(owned)
                .map(RemovalAction::outcome);
    }

    private static StepOutcome outcome(DeletionResult result) {
        if (result instanceof DeletionResult.Deleted) {
            return StepOutcome.applied(StepStatus.DELETED, "deleted: the new bundle no longer has it, and its uid "
                    + "still matched the install record");
        }
        if (result instanceof DeletionResult.AlreadyGone gone) {
            return StepOutcome.deleted(DeleteResult.ALREADY_GONE, gone.detail() == null
                    ? DeleteResult.ALREADY_GONE.message() : DeleteResult.ALREADY_GONE.message() + ": " + gone.detail());
        }
        if (result instanceof DeletionResult.Skipped || result instanceof DeletionResult.Kept) {
            return StepOutcome.applied(StepStatus.PRESENT, result.detail());
        }
        if (result instanceof DeletionResult.Released released) {
            return StepOutcome.applied(StepStatus.PRESENT, "not deleted: " + released.detail()
                    + "; this install's ownership was released");
        }
        return StepOutcome.failed("cannot delete " + result.object().displayName() + ": " + result.detail());
    }
}
