package dev.bundlectl.executor.planning;

import dev.bundlectl.bundle.Bundle;
import dev.bundlectl.bundle.Diagnostics;
import dev.bundlectl.plan.CsvMode;
import dev.bundlectl.plan.InstallPlanner;
import dev.bundlectl.plan.PlanAnnotations;
import dev.bundlectl.plan.PlanRequest;
import dev.bundlectl.plan.PlanResult;
import dev.bundlectl.plan.PlanUse;
import dev.bundlectl.plan.api.ApiSurface;
import dev.bundlectl.plan.capability.CapabilityConfig;
import dev.bundlectl.plan.config.ConfigRequest;
import dev.bundlectl.plan.dependency.DependencyTarget;
import dev.bundlectl.plan.olm.OlmCluster;
import dev.bundlectl.plan.convert.ConversionPolicy;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.payload.InstallHistory;
import dev.bundlectl.plan.review.PlanOptions;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The one way a bundle is planned, for the command line and the controller alike: the request
 * (CSV mode, install phase, optional APIs, the capability filter and its report), the planner, and
 * the options the plan was made with recorded on it ({@code bundlectl.dev/plan-options}), so that a
 * plan from either can be reviewed and checked the same way. Pure: what the cluster said comes in
 * as a {@link ClusterReading}, or as its parts when planning offline. Whether the plan is an
 * upgrade is decided afterwards, from the same reading ({@link ClusterPlanning#upgrade}).
 */
public final class BundlePlanning {

    private final BundlePlanSettings settings;
    private final PlanUse use;

    /** Planning with these settings, of whole plans. */
    public BundlePlanning(BundlePlanSettings settings) {
        this(settings, PlanUse.DOCUMENT);
    }

    /** Planning with these settings, of plans made for {@code use}. */
    public BundlePlanning(BundlePlanSettings settings, PlanUse use) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.use = Objects.requireNonNull(use, "use");
    }

    /** Plans {@code bundle} against what {@code reading} found: its surface, install history and capabilities. */
    public PlanResult plan(Bundle bundle, ClusterReading reading) {
        return plan(bundle, reading.served(), reading.history(), reading.capabilities(), reading.olm(),
                reading.dependencyTarget(), reading.configContext());
    }

    /**
     * Plans {@code bundle}; reports nothing itself (the result carries the diagnostics).
     *
     * @param surface what the cluster serves, or the surface given instead
     * @param history first install or update; {@link InstallHistory#UNKNOWN} offline
     * @param capabilities the capabilities to filter by; empty for none
     */
    public PlanResult plan(Bundle bundle, ApiSurface surface, InstallHistory history,
            Optional<CapabilityConfig> capabilities) {
        return plan(bundle, surface, history, capabilities, null);
    }

    /**
     * Plans {@code bundle} with what a live cluster said of its OperatorGroups and version; see
     * {@link #plan(Bundle, ApiSurface, InstallHistory, Optional)}.
     *
     * @param olm the namespace's OperatorGroups and the server's version; null when not read (offline)
     */
    public PlanResult plan(Bundle bundle, ApiSurface surface, InstallHistory history,
            Optional<CapabilityConfig> capabilities, OlmCluster olm) {
        return plan(bundle, surface, history, capabilities, olm, null);
    }

    /**
     * Plans {@code bundle} with what the target has installed for its dependencies; see
     * {@link #plan(Bundle, ApiSurface, InstallHistory, Optional, OlmCluster)}.
     *
     * @param dependencies the installed packages and the bundles installed before this one in the
     *     same run; null when nothing was read (offline)
     */
    public PlanResult plan(Bundle bundle, ApiSurface surface, InstallHistory history,
            Optional<CapabilityConfig> capabilities, OlmCluster olm, DependencyTarget dependencies) {
        return plan(bundle, surface, history, capabilities, olm, dependencies, ConfigContext.OFFLINE);
    }

    /**
     * Plans {@code bundle} with what the target says of the operator's configuration (the one the
     * last install recorded, the cluster's proxy); see
     * {@link #plan(Bundle, ApiSurface, InstallHistory, Optional, OlmCluster, DependencyTarget)}. A
     * recorded configuration that no longer passes the checks, kept, makes the plan invalid.
     */
    public PlanResult plan(Bundle bundle, ApiSurface surface, InstallHistory history,
            Optional<CapabilityConfig> capabilities, OlmCluster olm, DependencyTarget dependencies,
            ConfigContext configContext) {
        DependencyTarget target = dependencies == null ? DependencyTarget.offline() : dependencies;
        Diagnostics.Collector configErrors = new Diagnostics.Collector();
        ConfigRequest config = configContext.request(settings.config(), configErrors);
        PlanRequest request = PlanRequest.of(settings.namespace(), surface, settings.label())
                .withOlmCluster(olm)
                .withDependencies(target.withIgnored(settings.ignoreDependencies()))
                .withCsvMode(settings.csvMode(), settings.render())
                .withInstallPhase(history)
                .withOptionalApis(settings.optionalApis())
                .withUse(use)
                .withConfig(config)
                .filteredBy(capabilities);
        PlanResult result = new InstallPlanner(settings.convert() ? ConversionPolicy.WHEN_NOT_SERVED
                : ConversionPolicy.NEVER).plan(bundle, request);
        CsvMode csvMode = resolvedCsvMode(result.plan());
        PlanOptions options = PlanOptions.bundle(csvMode, settings.render(),
                capabilities.orElse(null), request.installPhase()).withOptionalApis(request.optionalApis())
                .withConversion(new PlanOptions.RecordedConversion(settings.convert(), convertedFrom(result.plan())))
                .withConfig(config.inPlay() ? config.config() : null,
                        csvMode == CsvMode.RENDER ? config.injectedProxy() : null);
        return new PlanResult(result.planned().withPlan(options.recordOn(result.plan())),
                configErrors.toDiagnostics().plus(result.diagnostics()), result.verdict());
    }

    /** The CSV mode the planner settled on (auto resolved), from the plan's own annotation. */
    private static CsvMode resolvedCsvMode(InstallPlan plan) {
        String recorded = plan.metadata().annotations().get(PlanAnnotations.CSV_MODE);
        return recorded == null ? null : CsvMode.fromWireName(recorded).orElse(null);
    }

    /** The removed API versions the planner converted, from the plan's own annotation. */
    private static SortedSet<String> convertedFrom(InstallPlan plan) {
        String recorded = plan.metadata().annotations().get(PlanAnnotations.CONVERTED_FROM);
        return recorded == null ? new TreeSet<>() : new TreeSet<>(List.of(recorded.split(",")));
    }
}
