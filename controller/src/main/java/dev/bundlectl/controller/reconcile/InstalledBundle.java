package dev.bundlectl.controller.reconcile;

import dev.bundlectl.controller.api.HistoryEntry;
import java.util.List;
import dev.bundlectl.plan.model.InstallPlan;

/**
 * How an install of a planned bundle ended.
 *
 * @param plan the plan with every step's final status
 * @param complete whether the install ended Complete
 * @param message the install's one-line summary
 * @param digest the plan digest the next round will compute for what is now installed, where it is
 *     not the digest of the plan that was approved (a walk along the channel ends at another plan); null
 * @param csvName the CSV installed last, where it is not the planned bundle's (a walk's); null
 * @param version its version; null
 * @param earlierHops the versions a walk installed before the last, oldest first; empty otherwise
 */
public record InstalledBundle(InstallPlan plan, boolean complete, String message, String digest, String csvName,
        String version, List<HistoryEntry> earlierHops) {

    public InstalledBundle {
        earlierHops = earlierHops == null ? List.of() : List.copyOf(earlierHops);
    }

    /** The install of the planned bundle itself. */
    public InstalledBundle(InstallPlan plan, boolean complete, String message) {
        this(plan, complete, message, null, null, null, List.of());
    }
}
