package dev.bundlectl.executor.uninstall;

import dev.bundlectl.executor.access.MissingAccess;
import dev.bundlectl.executor.customresources.SweepOutcome;
import dev.bundlectl.executor.lock.LockState;
import java.util.List;
import java.util.Objects;

/**
 * The result of an uninstall.
 *
 * @param namespace the install namespace
 * @param packageName the package
 * @param results one result per object the package's installs owned, in the order they were handled
 * @param record what happened to the package's records
 * @param missingAccess what the acting identity lacks, when that stopped the uninstall before
 *     anything was removed; null otherwise
 * @param lockedOut the lock as the uninstall found it when another operation held it (nothing was
 *     removed); null otherwise
 * @param customResources how deleting the custom resources of the CRDs it deletes ended, which
 *     comes before anything else is removed; null when it deletes no CRD
 */
public record UninstallReport(String namespace, String packageName, List<DeletionResult> results,
        RecordDisposition record, MissingAccess missingAccess, LockState lockedOut, SweepOutcome customResources) {

    public UninstallReport {
        results = List.copyOf(results);
        Objects.requireNonNull(record, "record");
    }

    /** A report that deleted no custom resources first. */
    public UninstallReport(String namespace, String packageName, List<DeletionResult> results, RecordDisposition record,
            MissingAccess missingAccess, LockState lockedOut) {
        this(namespace, packageName, results, record, missingAccess, lockedOut, null);
    }

    /** An uninstall stopped before it removed anything, by the identity's rights or by the lock. */
    static UninstallReport stopped(String namespace, String packageName, MissingAccess missing, LockState lockedOut) {
        return new UninstallReport(namespace, packageName, List.of(), new RecordDisposition(RecordDisposition.Kind.KEPT,
                "nothing was removed, and the install records were kept"), missing, lockedOut);
    }

    /**
     * An uninstall stopped because the CRDs' custom resources did not all go: the operator, the CRDs
     * and everything else stay, so that the operator can still process them.
     */
    static UninstallReport customResourcesLeft(String namespace, String packageName, SweepOutcome.Stuck stuck) {
        return new UninstallReport(namespace, packageName, List.of(), new RecordDisposition(RecordDisposition.Kind.KEPT,
                "the operator, the CRDs and the install records were kept, so that the operator can finish with "
                        + "the custom resources left; run uninstall again once they are gone (or remove their "
                        + "finalizers yourself)"), null, null, stuck);
    }

    /** The objects that could not be removed. */
    public List<DeletionResult> failures() {
        return results.stream().filter(DeletionResult.Failed.class::isInstance).toList();
    }

    /** The count of results of one outcome, e.g. {@code Deleted}. */
    public long count(Class<? extends DeletionResult> outcome) {
        return results.stream().filter(outcome::isInstance).count();
    }

    /** Whether every object was removed, gone, kept, released or skipped on purpose, and the records are gone. */
    public boolean succeeded() {
        return missingAccess == null && lockedOut == null && failures().isEmpty()
                && (customResources == null || customResources instanceof SweepOutcome.Cleared)
                && (record.kind() == RecordDisposition.Kind.DELETED
                        || record.kind() == RecordDisposition.Kind.ALREADY_GONE
                        || record.kind() == RecordDisposition.Kind.GO_WITH_NAMESPACE);
    }
}
