package dev.bundlectl.executor.apply;

import dev.bundlectl.plan.StepStatus;
import io.vertx.core.Future;

/**
 * How one kind is applied: what follows a successful create, and what to do when the object
 * already exists.
 *
 * @param afterCreate runs once the create succeeded
 * @param onExisting runs when the create found the object already there
 */
record ApplyBehaviour(StepPhase afterCreate, StepPhase onExisting) {

    /** Objects in general: Created; if present, GET, copy the resourceVersion, update, Present. */
    static ApplyBehaviour updateExisting() {
        return new ApplyBehaviour(ApplyBehaviour::created, new ExistingObjectUpdate(UpdateGuard.NONE,
                run -> Future.succeededFuture(StepOutcome.applied(StepStatus.PRESENT, "already existed; updated"))));
    }

    /** A CSV: Created; if present, Present and never updated. */
    static ApplyBehaviour clusterServiceVersion() {
        return new ApplyBehaviour(ApplyBehaviour::created,
                leaveExisting("a ClusterServiceVersion is never updated"));
    }

    /**
     * A CRD: wait for it to be served; if present, update it only when no stored version is
     * dropped and every existing custom resource still validates against the new schema.
     */
    static ApplyBehaviour customResourceDefinition() {
        UpdateGuard safeUpdate = new StoredVersionsGuard().then(new ExistingCustomResourcesGuard());
        return new ApplyBehaviour(CrdEstablishment::afterCreate,
                new ExistingObjectUpdate(safeUpdate, CrdEstablishment::afterUpdate));
    }

    /** This behaviour, but leaving an existing object untouched for the given reason. */
    ApplyBehaviour leavingExisting(String why) {
        return new ApplyBehaviour(afterCreate, leaveExisting(why));
    }

    private static StepPhase leaveExisting(String why) {
        return run -> Future.succeededFuture(
                StepOutcome.applied(StepStatus.PRESENT, "already exists; left unchanged (" + why + ")"));
    }

    private static Future<StepOutcome> created(StepRun run) {
        return Future.succeededFuture(StepOutcome.applied(StepStatus.CREATED, "created"));
    }
}
