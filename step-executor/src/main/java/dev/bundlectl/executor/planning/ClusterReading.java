package dev.bundlectl.executor.planning;

import dev.bundlectl.executor.lock.LockState;

import dev.bundlectl.executor.records.PreviousInstall;
import dev.bundlectl.plan.api.ApiSurface;
import dev.bundlectl.plan.capability.CapabilityConfig;
import dev.bundlectl.plan.config.ProxyReading;
import dev.bundlectl.plan.olm.OlmCluster;
import dev.bundlectl.plan.payload.InstallHistory;
import dev.bundlectl.plan.dependency.DependencyTarget;
import dev.bundlectl.plan.dependency.InstalledPackage;
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
 * @param installed the namespace's installed packages, for the bundle's dependencies; empty when
 *     they were not read (the bundle declares none, or a reviewed plan)
 * @param lock the lock of the target's operations as planning read it (docs/semantics.md §3, "One
 *     operation at a time"): free, with the version an install takes it from, or held; null when
 *     it was not read
 * @param proxy the cluster's proxy, which a rendered operator is given (docs/semantics.md §10);
 *     {@link ProxyReading#NOT_SERVED} when null
 */
public record ClusterReading(ApiSurface served, PreviousInstall previous, Optional<CapabilityConfig> capabilities,
        List<PlanningNote> notes, OlmCluster olm, Optional<List<InstalledPackage>> installed, LockState lock,
        ProxyReading proxy) {

    public ClusterReading {
        installed = installed == null ? Optional.empty() : installed.map(List::copyOf);
        Objects.requireNonNull(previous, "previous");
        Objects.requireNonNull(capabilities, "capabilities");
        notes = List.copyOf(notes);
        proxy = proxy == null ? ProxyReading.NOT_SERVED : proxy;
    }

    /** A reading without OLM's part or the lock. */
    public ClusterReading(ApiSurface served, PreviousInstall previous, Optional<CapabilityConfig> capabilities,
            List<PlanningNote> notes) {
        this(served, previous, capabilities, notes, null, Optional.empty(), null, null);
    }

    /** A reading without the installed packages or the lock. */
    public ClusterReading(ApiSurface served, PreviousInstall previous, Optional<CapabilityConfig> capabilities,
            List<PlanningNote> notes, OlmCluster olm) {
        this(served, previous, capabilities, notes, olm, Optional.empty(), null, null);
    }

    /** This reading with the lock as it was read. */
    public ClusterReading withLock(LockState state) {
        return new ClusterReading(served, previous, capabilities, notes, olm, installed, state, proxy);
    }

    /** What planning needs for the operator's configuration: the one the last install recorded, and the proxy. */
    public ConfigContext configContext() {
        return ConfigContext.of(previous, proxy);
    }

    /** What the planner takes for the dependencies: the installed packages, or offline when not read. */
    public DependencyTarget dependencyTarget() {
        return installed.map(DependencyTarget::live).orElseGet(DependencyTarget::offline);
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
