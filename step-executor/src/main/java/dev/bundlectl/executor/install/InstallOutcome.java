package dev.bundlectl.executor.install;

import dev.bundlectl.executor.access.MissingAccess;
import dev.bundlectl.executor.lock.LockState;
import dev.bundlectl.executor.records.SavedRecord;
import dev.bundlectl.plan.model.InstallPlan;
import java.util.List;
import java.util.Objects;

/**
 * How an install ended.
 *
 * @param plan the plan with every step's final status, phase {@code Complete} or {@code Failed}
 * @param record the saved install record, or null for a dry run (which stores nothing)
 * @param firstInstall whether no earlier record of the package existed in the namespace
 * @param warnings things the user should know that did not fail the install
 * @param missingAccess what the acting identity lacks, when that stopped the install before anything
 *     was written; null otherwise
 * @param lockedOut the lock as the install found it when it could not take it (another operation
 *     holds it, or took and released it since planning read it, so the plan may be stale); nothing
 *     was written; null otherwise
 */
public record InstallOutcome(InstallPlan plan, SavedRecord record, boolean firstInstall, List<String> warnings,
        MissingAccess missingAccess, LockState lockedOut) {

    public InstallOutcome {
        Objects.requireNonNull(plan, "plan");
        warnings = List.copyOf(warnings);
    }

    /** An install that ran (or was refused for another reason than the identity's rights or the lock). */
    public InstallOutcome(InstallPlan plan, SavedRecord record, boolean firstInstall, List<String> warnings) {
        this(plan, record, firstInstall, warnings, null, null);
    }

    /** Whether the identity's missing rights stopped the install before anything was written. */
    public boolean forbidden() {
        return missingAccess != null;
    }

    /** Whether the lock stopped the install before anything was written. */
    public boolean locked() {
        return lockedOut != null;
    }
}
