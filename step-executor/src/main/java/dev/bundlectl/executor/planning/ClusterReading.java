package dev.bundlectl.executor.planning;

import dev.bundlectl.executor.records.PreviousInstall;
import dev.bundlectl.plan.api.ApiSurface;
import dev.bundlectl.plan.capability.CapabilityConfig;
import dev.bundlectl.plan.olm.OlmCluster;
import dev.bundlectl.plan.payload.InstallHistory;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What planning read from the cluster, once; the install that follows takes it from here.
 *
 * @param served what the cluster serves (or the surface the user gave instead); null when only
 *     the previous install was read (a reviewed plan)
 * @param previous the target's latest install record: whether this is a first install, which
 *     capabilities were enabled, which objects were applied
 * @param capabilities the capabilities to plan with; empty for no capability filtering
 * @param notes what to tell the user, in order; a note with errors means planning stopped there
 * @param olm the namespace's OperatorGroups and the server's version, for an OLM-mode plan; null
 *     when they were not read (a payload, or a reviewed plan)
 */
public record ClusterReading(ApiSurface served, PreviousInstall previous, Optional<CapabilityConfig> capabilities,
        List<PlanningNote> notes, OlmCluster olm) {

    public ClusterReading {
        Objects.requireNonNull(previous, "previous");
        Objects.requireNonNull(capabilities, "capabilities");
        notes = List.copyOf(notes);
    }

    /** A reading without OLM's part. */
    public ClusterReading(ApiSurface served, PreviousInstall previous, Optional<CapabilityConfig> capabilities,
            List<PlanningNote> notes) {
        this(served, previous, capabilities, notes, null);
    }

    /** First install or update, as the target's records say; the plan and the install both follow it. */
    public InstallHistory history() {
        return previous.firstInstall() ? InstallHistory.FIRST_INSTALL : InstallHistory.UPDATE;
    }

    /** Whether a note carries errors, so that nothing was (or may be) planned. */
    public boolean refused() {
        return notes.stream().anyMatch(note -> note instanceof PlanningNote.Diagnosed diagnosed
                && diagnosed.diagnostics().hasErrors());
    }
}
