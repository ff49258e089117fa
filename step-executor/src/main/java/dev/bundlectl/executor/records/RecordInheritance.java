package dev.bundlectl.executor.records;

import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepStatus;
import java.util.ArrayList;
import java.util.List;

/**
 * What a new record takes over from the previous record of the same package.
 *
 * <p>Retention deletes old records, and uninstall reads one record. So an object that an earlier
 * install created, and that a re-install found {@code Present}, must be listed again in the new
 * record, or no record would own it once the old one is pruned. Likewise a deletion stays
 * remembered so that a later reappearance is reported with its original time.
 */
public final class RecordInheritance {

    private RecordInheritance() {
    }

    /**
     * The objects a new record owns: those created now, then those the previous record owned
     * whose steps are now {@code Present}. Inherited entries keep their uid and creator, so
     * uninstall still skips an object that was replaced in the meantime.
     *
     * @param previous the previous record of the package, or null
     * @param steps the new run's steps with their final statuses
     * @param createdNow the objects the new run created
     */
    public static List<CreatedObject> ownedObjects(InstallRecord previous, List<Step> steps,
            List<CreatedObject> createdNow) {
        List<CreatedObject> owned = new ArrayList<>(createdNow);
        if (previous == null) {
            return owned;
        }
        for (CreatedObject earlier : previous.createdObjects()) {
            boolean presentNow = steps.stream().anyMatch(step -> step.status() == StepStatus.PRESENT
                    && ObjectRef.of(step.resource()).sameObjectAs(earlier.object()));
            boolean listed = owned.stream().anyMatch(o -> o.object().sameObjectAs(earlier.object()));
            if (presentNow && !listed) {
                owned.add(earlier);
            }
        }
        return owned;
    }

    /**
     * The deletions a new record remembers: those made now, then the previous record's for
     * objects not deleted again now.
     *
     * @param previous the previous record of the package, or null
     * @param deletedNow the deletions of the new run
     */
    public static List<DeletedObject> deletedObjects(InstallRecord previous, List<DeletedObject> deletedNow) {
        List<DeletedObject> deleted = new ArrayList<>(deletedNow);
        if (previous == null) {
            return deleted;
        }
        for (DeletedObject earlier : previous.deletedObjects()) {
            if (deletedNow.stream().noneMatch(d -> d.object().sameObjectAs(earlier.object()))) {
                deleted.add(earlier);
            }
        }
        return deleted;
    }
}
