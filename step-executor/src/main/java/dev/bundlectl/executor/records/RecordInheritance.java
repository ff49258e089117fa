package dev.bundlectl.executor.records;

import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepAction;
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

    /** How many versions a record's history keeps. */
    public static final int MAX_HISTORY = 50;

    private static final String CSV_KIND = "ClusterServiceVersion";

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
                    && keepsOwnership(step) && ObjectRef.of(step.resource()).sameObjectAs(earlier.object()));
            boolean listed = owned.stream().anyMatch(o -> o.object().sameObjectAs(earlier.object()));
            if (presentNow && !listed) {
                owned.add(earlier);
            }
        }
        return owned;
    }

    /**
     * Whether a {@code Present} step keeps the earlier install's ownership of its object. An
     * upgrade's delete step that found the object replaced (another uid) does not: the object is
     * no longer the one created. Nor does the old CSV an upgrade leaves to OLM, which deletes it.
     */
    private static boolean keepsOwnership(Step step) {
        if (step.action() == StepAction.DELETE) {
            return false;
        }
        return step.action() != StepAction.KEEP || !CSV_KIND.equals(step.resource().kind());
    }

    /**
     * The version history a new record carries: the previous record's (or, for a record written
     * before histories were kept, the previous record itself), then this run. A run of the same
     * CSV as the last entry replaces that entry, so the history lists versions, not re-runs (it keeps
     * saying the version was adopted, when it was); a second save of the same run replaces its own
     * entry. At most {@value #MAX_HISTORY} entries
     * are kept, the oldest dropped first.
     *
     * @param previous the previous record of the package, or null
     * @param thisRun this run's entry
     */
    public static List<VersionHistoryEntry> versionHistory(InstallRecord previous, VersionHistoryEntry thisRun) {
        List<VersionHistoryEntry> history = new ArrayList<>();
        if (previous != null) {
            history.addAll(previous.versionHistory().isEmpty() ? List.of(VersionHistoryEntry.of(previous))
                    : previous.versionHistory());
        }
        VersionHistoryEntry replaced = null;
        for (VersionHistoryEntry entry : history) {
            if (entry.recordName().equals(thisRun.recordName())) {
                replaced = entry;
            }
        }
        history.removeIf(entry -> entry.recordName().equals(thisRun.recordName()));
        if (!history.isEmpty() && java.util.Objects.equals(history.get(history.size() - 1).csvName(), thisRun.csvName())) {
            replaced = history.remove(history.size() - 1);
        }
        // A re-run of an adopted version is still the version the adoption took over.
        history.add(thisRun.adoptedFrom() == null && replaced != null ? thisRun.adoptedFrom(replaced.adoptedFrom())
                : thisRun);
        return history.size() <= MAX_HISTORY ? history
                : new ArrayList<>(history.subList(history.size() - MAX_HISTORY, history.size()));
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
