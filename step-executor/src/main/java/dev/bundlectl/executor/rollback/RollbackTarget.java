package dev.bundlectl.executor.rollback;

import dev.bundlectl.executor.records.InstallRecord;
import dev.bundlectl.executor.records.VersionHistoryEntry;
import dev.bundlectl.plan.model.InstallPlanPhase;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * Which version a rollback goes back to, from the package's version history as its latest install
 * record carries it (docs/semantics.md §9, "Rollbacks"): the newest earlier version whose install
 * ended {@code Complete}, or the one named. Re-runs of one version are one entry of the history
 * already, so "earlier" means another CSV.
 */
public sealed interface RollbackTarget {

    /**
     * Go back to this version.
     *
     * @param current the version installed now (the history's last entry)
     * @param target the earlier entry, whose record names the bundle's source
     */
    record Chosen(VersionHistoryEntry current, VersionHistoryEntry target) implements RollbackTarget {
        public Chosen {
            Objects.requireNonNull(current, "current");
            Objects.requireNonNull(target, "target");
        }

        /** The version gone back to, e.g. {@code 0.3.1} (its CSV's name when it has none). */
        public String targetName() {
            return named(target);
        }

        /** e.g. {@code from 0.4.0 to 0.3.1}. */
        public String line() {
            return "from " + named(current) + " to " + named(target);
        }
    }

    /**
     * Nothing to go back to.
     *
     * @param reason one line naming the package, the namespace and the history
     */
    record Refused(String reason) implements RollbackTarget {
        public Refused {
            Objects.requireNonNull(reason, "reason");
        }
    }

    /**
     * The target of rolling back the package {@code latest} records.
     *
     * @param latest the package's newest install record that was not a dry run
     * @param to the version (or CSV name) asked for, or null for the previous version
     */
    static RollbackTarget choose(InstallRecord latest, String to) {
        List<VersionHistoryEntry> history = latest.versionHistory().isEmpty()
                ? List.of(VersionHistoryEntry.of(latest)) : latest.versionHistory();
        VersionHistoryEntry current = history.get(history.size() - 1);
        String where = latest.packageName() + " in namespace " + latest.namespace();
        List<VersionHistoryEntry> earlier = new ArrayList<>();
        for (VersionHistoryEntry entry : history.subList(0, history.size() - 1)) {
            if (!Objects.equals(entry.csvName(), current.csvName())) {
                earlier.add(entry);
            }
        }
        Collections.reverse(earlier);
        String listed = "its history: " + String.join(" -> ", history.stream().map(RollbackTarget::described).toList());
        if (to == null) {
            return earlier.stream().filter(entry -> entry.phase() == InstallPlanPhase.COMPLETE).findFirst()
                    .<RollbackTarget>map(entry -> new Chosen(current, entry))
                    .orElseGet(() -> new Refused("no earlier version of " + where + " was installed Complete to roll "
                            + "back to (" + listed + ")"));
        }
        if (to.equals(current.version()) || to.equals(current.csvName())) {
            return new Refused(where + " is at " + named(current) + " already");
        }
        return earlier.stream().filter(entry -> to.equals(entry.version()) || to.equals(entry.csvName())).findFirst()
                .<RollbackTarget>map(entry -> new Chosen(current, entry))
                .orElseGet(() -> new Refused("--to " + to + ": no such version in the history of " + where + " ("
                        + listed + "); a rollback goes back to a version installed there before"));
    }

    /** The version, else the CSV's name. */
    private static String named(VersionHistoryEntry entry) {
        return entry.version() != null ? entry.version() : String.valueOf(entry.csvName());
    }

    /** e.g. {@code 0.3.1 (Complete)}. */
    private static String described(VersionHistoryEntry entry) {
        return named(entry) + " (" + entry.phase().wireName() + ")";
    }
}
