package dev.bundlectl.plan;

import dev.bundlectl.plan.dependency.DependencyTarget;
import dev.bundlectl.plan.olm.OlmCluster;
import dev.bundlectl.plan.model.Approval;
import dev.bundlectl.plan.model.ManifestExclusion;
import dev.bundlectl.plan.model.CapabilitiesStatus;
import dev.bundlectl.plan.model.PlanCondition;
import dev.bundlectl.plan.api.ApiSurface;
import dev.bundlectl.plan.capability.CapabilityConfig;
import dev.bundlectl.plan.capability.CapabilityFilter;
import dev.bundlectl.plan.capability.CapabilityReport;
import dev.bundlectl.plan.config.ConfigRequest;
import dev.bundlectl.plan.payload.InstallHistory;
import dev.bundlectl.render.RenderOptions;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What to plan, beyond the bundle itself.
 *
 * @param targetNamespace the namespace to install into; every namespaced object goes here
 * @param apiSurface what the target cluster serves; the bundle's own CRDs are added by the planner
 * @param exclusions rules that keep manifests from being applied (capabilities, payload rules);
 *     an excluded manifest becomes a {@code NotCreated} step with the rules' reasons
 * @param capabilities the capabilities the plan is made under, copied into the status, or null
 * @param extraConditions conditions to add to the status (e.g. from the capability filter)
 * @param approval {@code spec.approval}; {@link Approval#MANUAL} when null
 * @param planName the plan's name, or null for {@code install-<csv name>} ({@link PlanNames#defaultFor})
 * @param sourceNamespace the bundle path as the user named it, for each step's
 *     {@code bundlectl.dev/source} and the {@code bundlectl.dev/bundle-path} annotation (no longer
 *     OLM's {@code sourceNamespace}, despite the name); null for the bundle's root path
 * @param csvMode how to handle the CSV ({@code --csv-mode}); null plans it as OLM applies it and
 *     adds no {@code CsvMode} condition or annotation (the behaviour from before CSV modes)
 * @param renderOptions install mode, watch namespaces and certificate provider for
 *     {@link CsvMode#RENDER}; {@link RenderOptions#DEFAULTS} when null
 * @param installPhase whether the target has been installed before, as its install records say;
 *     {@link InstallHistory#UNKNOWN} (also when null) offline. It decides what delete-annotated
 *     manifests do and whether steps are ordered by install level
 * @param optionalApis the install-time optional policy ({@code --optional-api}); {@link OptionalApis#NONE}
 *     when null
 * @param olmCluster what the target says about the OperatorGroups and Kubernetes version that OLM
 *     checks (docs/semantics.md §6); when null, nothing was read ({@link OlmCluster#offline})
 * @param dependencies what the target has installed, for the bundle's dependencies, and whether
 *     they are ignored; when null, nothing was read ({@link DependencyTarget#offline})
 * @param use what the plan is made for; {@link PlanUse#DOCUMENT} (also when null) makes it whole
 * @param config the operator configuration the plan puts into the operator's Deployments, with the
 *     cluster's proxy (docs/semantics.md §10); {@link ConfigRequest#NONE} when null
 * @throws IllegalArgumentException when the namespace or plan name is not a valid DNS name;
 *     callers validate user input first with {@link PlanNames}
 */
public record PlanRequest(
        String targetNamespace,
        ApiSurface apiSurface,
        List<ManifestExclusion> exclusions,
        CapabilitiesStatus capabilities,
        List<PlanCondition> extraConditions,
        Approval approval,
        String planName,
        String sourceNamespace,
        CsvMode csvMode,
        RenderOptions renderOptions,
        InstallHistory installPhase,
        OptionalApis optionalApis,
        OlmCluster olmCluster,
        DependencyTarget dependencies,
        PlanUse use,
        ConfigRequest config) {

    public PlanRequest {
        PlanNames.namespaceProblem(targetNamespace).ifPresent(problem -> {
            throw new IllegalArgumentException(problem);
        });
        Objects.requireNonNull(apiSurface, "apiSurface");
        exclusions = exclusions == null ? List.of() : List.copyOf(exclusions);
        extraConditions = extraConditions == null ? List.of() : List.copyOf(extraConditions);
        approval = approval == null ? Approval.MANUAL : approval;
        renderOptions = renderOptions == null ? RenderOptions.DEFAULTS : renderOptions;
        installPhase = installPhase == null ? InstallHistory.UNKNOWN : installPhase;
        optionalApis = optionalApis == null ? OptionalApis.NONE : optionalApis;
        olmCluster = olmCluster == null ? OlmCluster.offline(apiSurface) : olmCluster;
        dependencies = dependencies == null ? DependencyTarget.offline() : dependencies;
        use = use == null ? PlanUse.DOCUMENT : use;
        config = config == null ? ConfigRequest.NONE : config;
        if (planName != null) {
            PlanNames.planNameProblem(planName).ifPresent(problem -> {
                throw new IllegalArgumentException(problem);
            });
        }
    }

    /** A request without a CSV mode (see {@link #csvMode()}). */
    public PlanRequest(String targetNamespace, ApiSurface apiSurface, List<ManifestExclusion> exclusions,
            CapabilitiesStatus capabilities, List<PlanCondition> extraConditions, Approval approval, String planName,
            String sourceNamespace) {
        this(targetNamespace, apiSurface, exclusions, capabilities, extraConditions, approval, planName,
                sourceNamespace, null, null, null, null, null, null, null, null);
    }

    /** A request without an install-time optional policy (see {@link #optionalApis()}). */
    public PlanRequest(String targetNamespace, ApiSurface apiSurface, List<ManifestExclusion> exclusions,
            CapabilitiesStatus capabilities, List<PlanCondition> extraConditions, Approval approval, String planName,
            String sourceNamespace, CsvMode csvMode, RenderOptions renderOptions, InstallHistory installPhase) {
        this(targetNamespace, apiSurface, exclusions, capabilities, extraConditions, approval, planName,
                sourceNamespace, csvMode, renderOptions, installPhase, null, null, null, null, null);
    }

    /** A manual plan with no exclusions, capabilities or extra conditions, and the default name. */
    public static PlanRequest of(String targetNamespace, ApiSurface apiSurface, String sourceNamespace) {
        return new PlanRequest(targetNamespace, apiSurface, List.of(), null, List.of(), Approval.MANUAL, null,
                sourceNamespace);
    }

    /** This request with these exclusion rules. */
    public PlanRequest withExclusions(List<ManifestExclusion> newExclusions) {
        return new PlanRequest(targetNamespace, apiSurface, newExclusions, capabilities, extraConditions, approval,
                planName, sourceNamespace, csvMode, renderOptions, installPhase, optionalApis, olmCluster, dependencies, use, config);
    }

    /** This request with these capabilities and extra conditions for the status. */
    public PlanRequest withCapabilities(CapabilitiesStatus newCapabilities, List<PlanCondition> newConditions) {
        return new PlanRequest(targetNamespace, apiSurface, exclusions, newCapabilities, newConditions, approval,
                planName, sourceNamespace, csvMode, renderOptions, installPhase, optionalApis, olmCluster, dependencies, use, config);
    }

    /** This request with this approval. */
    public PlanRequest withApproval(Approval newApproval) {
        return new PlanRequest(targetNamespace, apiSurface, exclusions, capabilities, extraConditions, newApproval,
                planName, sourceNamespace, csvMode, renderOptions, installPhase, optionalApis, olmCluster, dependencies, use, config);
    }

    /** This request with this plan name. */
    public PlanRequest withPlanName(String newPlanName) {
        return new PlanRequest(targetNamespace, apiSurface, exclusions, capabilities, extraConditions, approval,
                newPlanName, sourceNamespace, csvMode, renderOptions, installPhase, optionalApis, olmCluster, dependencies, use, config);
    }

    /** This request with this CSV mode and, for {@link CsvMode#RENDER}, these render options. */
    public PlanRequest withCsvMode(CsvMode newCsvMode, RenderOptions newRenderOptions) {
        return new PlanRequest(targetNamespace, apiSurface, exclusions, capabilities, extraConditions, approval,
                planName, sourceNamespace, newCsvMode, newRenderOptions, installPhase, optionalApis, olmCluster, dependencies, use, config);
    }

    /** This request for a target in this install phase. */
    public PlanRequest withInstallPhase(InstallHistory newInstallPhase) {
        return new PlanRequest(targetNamespace, apiSurface, exclusions, capabilities, extraConditions, approval,
                planName, sourceNamespace, csvMode, renderOptions, newInstallPhase, optionalApis, olmCluster, dependencies, use, config);
    }

    /** This request with what the target says about OperatorGroups and its Kubernetes version. */
    public PlanRequest withOlmCluster(OlmCluster newOlmCluster) {
        return new PlanRequest(targetNamespace, apiSurface, exclusions, capabilities, extraConditions, approval,
                planName, sourceNamespace, csvMode, renderOptions, installPhase, optionalApis, newOlmCluster, dependencies, use, config);
    }

    /** This request with what the target has installed for the bundle's dependencies. */
    public PlanRequest withDependencies(DependencyTarget newDependencies) {
        return new PlanRequest(targetNamespace, apiSurface, exclusions, capabilities, extraConditions, approval,
                planName, sourceNamespace, csvMode, renderOptions, installPhase, optionalApis, olmCluster,
                newDependencies, use, config);
    }

    /** This request with this install-time optional policy ({@code --optional-api}). */
    public PlanRequest withOptionalApis(OptionalApis newOptionalApis) {
        return new PlanRequest(targetNamespace, apiSurface, exclusions, capabilities, extraConditions, approval,
                planName, sourceNamespace, csvMode, renderOptions, installPhase, newOptionalApis, olmCluster, dependencies, use, config);
    }

    /** This request for a plan made for {@code newUse}. */
    public PlanRequest withUse(PlanUse newUse) {
        return new PlanRequest(targetNamespace, apiSurface, exclusions, capabilities, extraConditions, approval,
                planName, sourceNamespace, csvMode, renderOptions, installPhase, optionalApis, olmCluster, dependencies,
                newUse, config);
    }

    /** This request with this operator configuration ({@code --config}, {@code spec.config}, the recorded one). */
    public PlanRequest withConfig(ConfigRequest newConfig) {
        return new PlanRequest(targetNamespace, apiSurface, exclusions, capabilities, extraConditions, approval,
                planName, sourceNamespace, csvMode, renderOptions, installPhase, optionalApis, olmCluster, dependencies,
                use, newConfig);
    }

    /**
     * This bundle request leaving out what {@code capabilities} exclude (each excluded manifest a
     * {@code NotCreated} step) and reporting them in the status; unchanged when empty. A payload's
     * capabilities go to the payload planner, which filters on its own: it only {@link #reporting}.
     */
    public PlanRequest filteredBy(Optional<CapabilityConfig> capabilities) {
        return capabilities.isEmpty() ? this
                : withExclusions(List.of(new CapabilityFilter(capabilities.get()))).reporting(capabilities);
    }

    /** This request with {@code capabilities} reported in the plan's status and conditions; unchanged when empty. */
    public PlanRequest reporting(Optional<CapabilityConfig> capabilities) {
        return capabilities.map(config -> withCapabilities(CapabilityReport.status(config),
                List.of(CapabilityReport.condition(config, null)))).orElse(this);
    }
}
