package dev.bundlectl.cli;

import dev.bundlectl.bundle.Bundle;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.plan.CsvMode;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.InstallPlanner;
import dev.bundlectl.plan.OptionalApis;
import dev.bundlectl.plan.PayloadPlanRequest;
import dev.bundlectl.plan.PayloadPlanResult;
import dev.bundlectl.plan.PayloadPlanner;
import dev.bundlectl.plan.PlanAnnotations;
import dev.bundlectl.plan.PlanNames;
import dev.bundlectl.plan.PlanRequest;
import dev.bundlectl.plan.PlanResult;
import dev.bundlectl.plan.api.ApiSurface;
import dev.bundlectl.plan.api.ApiSurfaces;
import dev.bundlectl.plan.api.UncheckedApiSurface;
import dev.bundlectl.plan.capability.CapabilityConfig;
import dev.bundlectl.plan.capability.CapabilityFilter;
import dev.bundlectl.plan.capability.CapabilityReport;
import dev.bundlectl.plan.convert.ConversionPolicy;
import dev.bundlectl.plan.payload.InstallHistory;
import dev.bundlectl.plan.payload.PayloadFilterSettings;
import dev.bundlectl.plan.review.PlanOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * Reads a bundle or a release-payload directory and plans it, reporting every diagnostic.
 * Invalid input stops here, before anything could reach a cluster.
 */
final class Planning {

    private final DiagnosticsPrinter diagnostics;
    private final ClusterCapabilities cluster;

    /** Planning offline: capabilities come from the options alone. */
    Planning(DiagnosticsPrinter diagnostics) {
        this(diagnostics, null);
    }

    /**
     * Planning against a live cluster: its capabilities, existing objects and install records
     * count (see {@link ClusterCapabilities}); null plans offline.
     */
    Planning(DiagnosticsPrinter diagnostics, ClusterCapabilities cluster) {
        this.diagnostics = diagnostics;
        this.cluster = cluster;
    }

    /**
     * Reads and plans; throws {@link UserInputException} for any invalid input.
     *
     * @param namespace the target namespace, as {@link TargetNamespace} chose it
     * @param surface what the target serves, or null for the default: the built-in surface for a
     *     bundle, no check at all for a payload (which targets an OpenShift cluster). Asked for only
     *     once the directory has been read and found valid, so that a live surface's discovery
     *     requests never come before an input error.
     */
    PlannedInput plan(PlanInputOptions input, String namespace, Supplier<ApiSurface> surface) {
        CapabilityOptions capabilities = input.capabilities;
        PayloadOptions payload = input.payload;
        OptionalApis optionalApis = input.optionalApiRules();
        PlanNames.namespaceProblem(namespace).ifPresent(problem -> {
            throw new UserInputException("-n " + namespace + ": " + problem);
        });
        Path directory = input.directory;
        if (!Files.isDirectory(directory)) {
            throw new UserInputException(directory + ": not a directory (expected a bundle with manifests/ and "
                    + "metadata/, or a directory of release-payload manifests)");
        }
        if (!InputDirectories.isBundle(directory) && input.render.renderOptionsGiven()) {
            throw new UserInputException("--install-mode, --watch-namespace and --cert-provider render a bundle's CSV; "
                    + directory + " is a release-payload directory");
        }
        if (!InputDirectories.isBundle(directory) && !optionalApis.isEmpty()) {
            throw new UserInputException("--optional-api makes a bundle's objects optional; " + directory
                    + " is a release-payload directory");
        }
        if (InputDirectories.isBundle(directory)) {
            if (payload.given()) {
                throw new UserInputException("--profile, --feature-set, --exclude-id and --show-excluded apply to "
                        + "release-payload directories; " + directory + " is a bundle");
            }
            return planBundle(input, namespace, capabilities, surface);
        }
        return planPayload(input, namespace, capabilities, payload, surface);
    }

    private PlannedInput planBundle(PlanInputOptions input, String namespace, CapabilityOptions capabilityOptions,
            Supplier<ApiSurface> surface) {
        Bundle bundle = new InputDirectories(diagnostics).bundle(input.directory);
        ApiSurface resolvedSurface = orDefault(surface, ApiSurfaces.builtIn());
        ClusterCapabilities.Target target = new ClusterCapabilities.Target(namespace, bundle.packageName(), false);
        PlanRequest request = PlanRequest.of(namespace, resolvedSurface, input.directory.toString())
                .withCsvMode(input.render.mode(), input.render.renderOptions())
                .withInstallPhase(phase(target))
                .withOptionalApis(input.optionalApiRules());
        Optional<CapabilityConfig> capabilities = capabilities(capabilityOptions, bundle.manifests(), target);
        request = filteredBy(request, capabilities);
        PlanResult planned = new InstallPlanner(input.noConvert ? ConversionPolicy.NEVER
                : ConversionPolicy.WHEN_NOT_SERVED).plan(bundle, request);
        diagnostics.reportOrFail(planned.diagnostics());
        PlanResult result = cluster == null ? planned : new UpgradePlanning(cluster).apply(planned, target, input.force);
        PlanOptions options = PlanOptions.bundle(resolvedCsvMode(result.plan()), input.render.renderOptions(),
                capabilities.orElse(null), request.installPhase()).withOptionalApis(request.optionalApis())
                .withConversion(new PlanOptions.RecordedConversion(!input.noConvert, convertedFrom(result.plan())));
        return new PlannedInput(recorded(result, options), List.of(), false);
    }

    private PlannedInput planPayload(PlanInputOptions input, String namespace, CapabilityOptions capabilityOptions,
            PayloadOptions payloadOptions, Supplier<ApiSurface> surface) {
        List<Manifest> manifests = new InputDirectories(diagnostics).payload(input.directory);
        ApiSurface resolvedSurface = orDefault(surface, new UncheckedApiSurface());
        ClusterCapabilities.Target target =
                new ClusterCapabilities.Target(namespace, directoryName(input.directory), true);
        Optional<CapabilityConfig> capabilities = capabilities(capabilityOptions, manifests, target);
        PlanRequest base = reporting(PlanRequest.of(namespace, resolvedSurface, input.directory.toString()),
                capabilities);
        PayloadPlanRequest request = new PayloadPlanRequest(base, target.packageName(),
                payloadOptions.settings(), capabilities.orElse(null), phase(target));
        PayloadPlanResult result = new PayloadPlanner().plan(manifests, request);
        diagnostics.reportOrFail(result.result().diagnostics());
        PlanOptions options = PlanOptions.payload(request.filters(), request.capabilities(), request.phase());
        return new PlannedInput(recorded(result.result(), options), result.filteredOut(), true);
    }

    /**
     * Plans {@code directory} again with the options a reviewed plan recorded, against no API
     * surface (API availability is a prediction, which the install makes again against the live
     * cluster): the plan a reviewed plan file must equal. Warnings were shown when the plan was
     * made and are not repeated; errors are invalid input, as always.
     *
     * @param name the package name for a release-payload directory, as the reviewed plan records it
     */
    PlanResult replan(Path directory, String namespace, String name, PlanOptions options) {
        DiagnosticsPrinter quiet = diagnostics.errorsOnly();
        InputDirectories inputs = new InputDirectories(quiet);
        PlanRequest base = PlanRequest.of(namespace, new UncheckedApiSurface(), directory.toString());
        Optional<CapabilityConfig> capabilities = options.capabilityConfig();
        if (InputDirectories.isBundle(directory)) {
            PlanRequest request = base.withCsvMode(options.csvMode(), options.render())
                    .withInstallPhase(recordedPhase(options))
                    .withOptionalApis(options.optionalApis());
            request = filteredBy(request, capabilities);
            PlanResult result = new InstallPlanner(options.conversion().policy()).plan(inputs.bundle(directory), request);
            quiet.reportOrFail(result.diagnostics());
            return result;
        }
        PayloadPlanRequest request = new PayloadPlanRequest(reporting(base, capabilities), name,
                options.payload() != null ? options.payload() : new PayloadFilterSettings(null, null, null),
                capabilities.orElse(null), recordedPhase(options));
        PayloadPlanResult result = new PayloadPlanner().plan(inputs.payload(directory), request);
        quiet.reportOrFail(result.result().diagnostics());
        return result.result();
    }

    private static InstallHistory recordedPhase(PlanOptions options) {
        return options.phase() != null ? options.phase() : InstallHistory.UNKNOWN;
    }

    /**
     * A bundle request that leaves out what the capabilities exclude and reports them in the plan's
     * status. (A payload's capabilities go to the payload planner, which filters on its own.)
     */
    private static PlanRequest filteredBy(PlanRequest request, Optional<CapabilityConfig> capabilities) {
        return capabilities.isEmpty() ? request
                : reporting(request.withExclusions(List.of(new CapabilityFilter(capabilities.get()))), capabilities);
    }

    /** The request with the capabilities reported in the plan's status and conditions. */
    private static PlanRequest reporting(PlanRequest request, Optional<CapabilityConfig> capabilities) {
        return capabilities.map(config -> request.withCapabilities(CapabilityReport.status(config),
                List.of(CapabilityReport.condition(config, null)))).orElse(request);
    }

    private static PlanResult recorded(PlanResult result, PlanOptions options) {
        return new PlanResult(options.recordOn(result.plan()), result.diagnostics(), result.verdict());
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

    private static ApiSurface orDefault(Supplier<ApiSurface> surface, ApiSurface fallback) {
        ApiSurface given = surface.get();
        return given != null ? given : fallback;
    }

    private Optional<CapabilityConfig> capabilities(CapabilityOptions options, List<Manifest> manifests,
            ClusterCapabilities.Target target) {
        return cluster == null ? options.resolve(manifests, diagnostics)
                : cluster.resolve(options, manifests, target, diagnostics);
    }

    /** Offline, unknown; against a cluster, what the target's install records say, as the executor will read them. */
    private InstallHistory phase(ClusterCapabilities.Target target) {
        if (cluster == null) {
            return InstallHistory.UNKNOWN;
        }
        return cluster.previousInstall(target).firstInstall() ? InstallHistory.FIRST_INSTALL : InstallHistory.UPDATE;
    }

    /** A release-payload directory's name, which names its target (the package of a bundle). */
    static String directoryName(Path directory) {
        Path name = directory.toAbsolutePath().normalize().getFileName();
        return name == null ? "payload" : name.toString();
    }
}
