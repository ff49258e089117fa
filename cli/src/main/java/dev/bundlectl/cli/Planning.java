package dev.bundlectl.cli;

import dev.bundlectl.executor.waiting.Blocking;
import dev.bundlectl.bundle.Bundle;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.executor.planning.BundlePlanSettings;
import dev.bundlectl.executor.planning.BundlePlanning;
import dev.bundlectl.plan.dependency.DependencyTarget;
import dev.bundlectl.plan.olm.OlmCluster;
import dev.bundlectl.executor.planning.ClusterPlan;
import dev.bundlectl.executor.planning.ClusterPlanning;
import dev.bundlectl.executor.pipeline.InstallPipeline;
import dev.bundlectl.executor.pipeline.PipelinePlan;
import dev.bundlectl.executor.pipeline.PlanSettings;
import dev.bundlectl.executor.planning.ClusterReading;
import dev.bundlectl.executor.planning.ConfigContext;
import dev.bundlectl.executor.planning.PlanTarget;
import dev.bundlectl.executor.planning.PlanningNote;
import dev.bundlectl.plan.InstallPlanner;
import dev.bundlectl.plan.OptionalApis;
import dev.bundlectl.plan.PayloadPlanRequest;
import dev.bundlectl.plan.PayloadPlanResult;
import dev.bundlectl.plan.PayloadPlanner;
import dev.bundlectl.plan.PlanNames;
import dev.bundlectl.plan.PlanRequest;
import dev.bundlectl.plan.PlanUse;
import dev.bundlectl.plan.PlanResult;
import dev.bundlectl.plan.crdsafety.CrdSafetyMarks;
import dev.bundlectl.plan.api.ApiSurface;
import dev.bundlectl.plan.api.ApiSurfaces;
import dev.bundlectl.plan.api.UncheckedApiSurface;
import dev.bundlectl.plan.capability.CapabilityConfig;
import dev.bundlectl.plan.payload.InstallHistory;
import dev.bundlectl.plan.payload.PayloadFilterSettings;
import dev.bundlectl.plan.review.PlanOptions;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Reads a bundle or a release-payload directory and plans it, reporting every diagnostic.
 * Invalid input stops here, before anything could reach a cluster.
 */
final class Planning {

    private final DiagnosticsPrinter diagnostics;
    private final Live live;
    private final EarlierBundles earlier;
    private final PlanUse use;

    /**
     * A live cluster to plan against: the install pipeline whose planning reads it once (a bundle
     * is planned as {@code install} plans it, upgrade included), where its notes go, and how long a
     * failing discovery request is retried.
     */
    record Live(InstallPipeline pipeline, PrintWriter err, Duration discoveryPatience) {

        /** The planning facade, for what is read beside a bundle's plan (a payload's, a chain's). */
        ClusterPlanning cluster() {
            return pipeline.planning();
        }
    }

    /** Planning offline: capabilities come from the options alone. */
    Planning(DiagnosticsPrinter diagnostics) {
        this(diagnostics, null);
    }

    /**
     * Planning against a live cluster: what it serves, its capabilities, existing objects and
     * install records count (see {@link ClusterPlanning}); null plans offline.
     */
    Planning(DiagnosticsPrinter diagnostics, Live live) {
        this(diagnostics, live, EarlierBundles.NONE, PlanUse.DOCUMENT);
    }

    private Planning(DiagnosticsPrinter diagnostics, Live live, EarlierBundles earlier, PlanUse use) {
        this.diagnostics = diagnostics;
        this.live = live;
        this.earlier = earlier;
        this.use = use;
    }

    /**
     * This planning for callers that keep only each plan's verdict and status (a batch's summary
     * lines): the plans leave out what only identifies a stored plan ({@link PlanUse#VERDICT}).
     */
    Planning forVerdicts() {
        return new Planning(diagnostics, live, earlier, PlanUse.VERDICT);
    }

    /**
     * This planning for a bundle installed after {@code earlier} in the same run (a dependency
     * chain): their packages count as installed, and their CRDs as served.
     */
    Planning after(EarlierBundles newEarlier) {
        return new Planning(diagnostics, live, newEarlier, use);
    }

    /**
     * Reads and plans; throws {@link UserInputException} for any invalid input.
     *
     * @param namespace the target namespace, as {@link TargetNamespace} chose it
     * @param surface the API surface the options give, or null for the default: against a cluster,
     *     what it serves; offline the built-in surface for a bundle, no check at all for a payload
     *     (which targets an OpenShift cluster). Asked for only once the directory has been read and
     *     found valid, so that a live surface's discovery requests never come before an input error.
     */
    PlannedInput plan(PlanInputOptions input, String namespace, Supplier<ApiSurface> surface) {
        return plan(input, SourcedInput.directory(input.directory), namespace, surface);
    }

    /**
     * Plans {@code source} (what {@link BundleSourcing} made of the input) with the input's options;
     * an image's reference and digest are recorded on the plan ({@link BundleSourceAnnotation}).
     */
    PlannedInput plan(PlanInputOptions input, SourcedInput source, String namespace, Supplier<ApiSurface> surface) {
        // The namespace is checked before the directory is read, so its error comes first.
        checkNamespace(namespace);
        return planChecked(input, read(input, source), namespace, surface);
    }

    /**
     * Checks the input's options against the directory and reads it, reporting every diagnostic;
     * throws {@link UserInputException} for any invalid input. Needs no cluster.
     */
    ReadInput read(PlanInputOptions input, SourcedInput source) {
        Path directory = source.directory();
        if (!Files.isDirectory(directory)) {
            throw new UserInputException(directory + ": not a directory (expected a bundle with manifests/ and "
                    + "metadata/, or a directory of release-payload manifests)");
        }
        boolean bundle = InputDirectories.isBundle(directory);
        if (!bundle && input.render.renderOptionsGiven()) {
            throw new UserInputException("--install-mode, --watch-namespace and --cert-provider render a bundle's CSV; "
                    + directory + " is a release-payload directory");
        }
        if (!bundle && input.config.given()) {
            throw new UserInputException("--config, --env, --node-selector and --reset-config configure a bundle's "
                    + "operator; " + directory + " is a release-payload directory");
        }
        if (bundle) {
            // Read and checked now, so that a bad configuration stops the run before any cluster is asked.
            input.config.choice(diagnostics);
        }
        if (!bundle && !input.optionalApiRules().isEmpty()) {
            throw new UserInputException("--optional-api makes a bundle's objects optional; " + directory
                    + " is a release-payload directory");
        }
        if (bundle && input.payload.given()) {
            throw new UserInputException("--profile, --feature-set, --exclude-id and --show-excluded apply to "
                    + "release-payload directories; " + directory + " is a bundle");
        }
        InputDirectories directories = new InputDirectories(diagnostics);
        return bundle ? new ReadInput.BundleDirectory(source, directories.bundle(directory))
                : new ReadInput.PayloadDirectory(source, directories.payload(directory));
    }

    /** Plans input that {@link #read} has read, into {@code namespace}. */
    PlannedInput plan(PlanInputOptions input, ReadInput read, String namespace, Supplier<ApiSurface> surface) {
        checkNamespace(namespace);
        return planChecked(input, read, namespace, surface);
    }

    private PlannedInput planChecked(PlanInputOptions input, ReadInput read, String namespace,
            Supplier<ApiSurface> surface) {
        if (read instanceof ReadInput.BundleDirectory bundle) {
            return planBundle(input, bundle, namespace, input.capabilities, surface);
        }
        return planPayload((ReadInput.PayloadDirectory) read, namespace, input.capabilities, input.payload, surface);
    }

    private static void checkNamespace(String namespace) {
        PlanNames.namespaceProblem(namespace).ifPresent(problem -> {
            throw new UserInputException("-n " + namespace + ": " + problem);
        });
    }

    private PlannedInput planBundle(PlanInputOptions input, ReadInput.BundleDirectory read, String namespace,
            CapabilityOptions capabilityOptions, Supplier<ApiSurface> surface) {
        Bundle bundle = read.bundle();
        SourcedInput source = read.source();
        PlanTarget target = new PlanTarget(namespace, bundle.packageName(), false, !bundle.dependencies().isEmpty());
        Planner planner = (served, history, capabilities, olm, dependencies, config) -> bundlePlan(use, bundle, input,
                source, namespace, earlier.surface(served), history, capabilities, olm, earlier.target(dependencies),
                config, diagnostics);
        if (live == null) {
            return planned(target, bundle.manifests(), capabilityOptions, surface, ApiSurfaces.builtIn(), planner);
        }
        // Against a cluster, as install plans it: the reading, the plan, and from the same reading
        // whether it is an upgrade (InstallPipeline#plan); what each says is reported here, in order.
        PlanSettings settings = new PlanSettings(target, bundle.manifests(),
                capabilityOptions.resolve(bundle.manifests(), diagnostics), surface.get(), live.discoveryPatience(),
                input.force, input.crdUpgradeSafety);
        PipelinePlan answer = Blocking.result(live.pipeline().plan(settings, reading -> planner.plan(reading.served(),
                reading.history(), reading.capabilities(), reading.olm(), reading.dependencyTarget(),
                reading.configContext()).result()));
        report(answer.reading(), diagnostics, live.err());
        PlanResult result = planResult(answer);
        diagnostics.reportOrFail(result.diagnostics());
        if (answer instanceof PipelinePlan.UpgradeRefused refused) {
            throw new UserInputException(refused.decision().message());
        }
        if (answer instanceof PipelinePlan.RollbackRefused refused) {
            refused.warnings().forEach(warning -> live.err().println("warning: " + warning));
            throw new RefusedOnClusterException(List.of(refused.reason()));
        }
        if (answer instanceof PipelinePlan.CrdUpgradeRefused refused) {
            // The plan shows the refusal (its CRD steps Failed): plan prints it, install refuses it.
            CrdSafetyMarks.lines(refused.found()).forEach(line -> live.err().println("error: " + TerminalText.safe(line)));
            return new PlannedInput(refused.result(), List.of(), false, answer.reading());
        }
        PipelinePlan.Planned planned = (PipelinePlan.Planned) answer;
        planned.warnings().forEach(warning -> live.err().println("warning: " + TerminalText.safe(warning)));
        return new PlannedInput(planned.result(), List.of(), false, answer.reading());
    }

    /** The plan each answer but a refused reading carries (whose notes have already thrown). */
    private static PlanResult planResult(PipelinePlan answer) {
        if (answer instanceof PipelinePlan.Planned planned) {
            return planned.result();
        }
        if (answer instanceof PipelinePlan.Invalid invalid) {
            return invalid.result();
        }
        if (answer instanceof PipelinePlan.UpgradeRefused refused) {
            return refused.result();
        }
        if (answer instanceof PipelinePlan.RollbackRefused refused) {
            return refused.result();
        }
        if (answer instanceof PipelinePlan.CrdUpgradeRefused refused) {
            return refused.result();
        }
        throw new IllegalStateException("a refused cluster reading carries an error");
    }

    /** Plans a bundle with what the options and the cluster (if any) gave; reports nothing itself. */
    private static PlannedInput bundlePlan(PlanUse use, Bundle bundle, PlanInputOptions input, SourcedInput source, String namespace,
            ApiSurface surface, InstallHistory history, Optional<CapabilityConfig> capabilities, OlmCluster olm,
            DependencyTarget dependencies, ConfigContext config, DiagnosticsPrinter diagnostics) {
        BundlePlanSettings settings = new BundlePlanSettings(namespace, source.label(), input.render.mode(),
                input.render.renderOptions(), input.optionalApiRules(), !input.noConvert, input.ignoreDependencies,
                input.config.choice(diagnostics));
        PlanResult planned = new BundlePlanning(settings, use).plan(bundle, surface, history, capabilities, olm,
                dependencies, config);
        if (source.image().isPresent()) {
            planned = new PlanResult(planned.planned().withPlan(
                    BundleSourceAnnotation.recordOn(planned.plan(), source.image().get())),
                    planned.diagnostics(), planned.verdict());
        }
        return new PlannedInput(planned, List.of(), false, null);
    }

    private PlannedInput planPayload(ReadInput.PayloadDirectory read, String namespace,
            CapabilityOptions capabilityOptions, PayloadOptions payloadOptions, Supplier<ApiSurface> surface) {
        List<Manifest> manifests = read.manifests();
        SourcedInput source = read.source();
        PlanTarget target = new PlanTarget(namespace, directoryName(source.directory()), true);
        PayloadFilterSettings filters = payloadOptions.settings();
        return planned(target, manifests, capabilityOptions, surface, new UncheckedApiSurface(),
                (served, history, capabilities, olm, dependencies, config) -> {
                    PlanRequest base = PlanRequest.of(namespace, served, source.label()).reporting(capabilities);
                    PayloadPlanRequest request = new PayloadPlanRequest(base, target.packageName(), filters,
                            capabilities.orElse(null), history);
                    PayloadPlanResult result = new PayloadPlanner().plan(manifests, request);
                    PlanOptions options = PlanOptions.payload(request.filters(), request.capabilities(),
                            request.phase());
                    return new PlannedInput(recorded(result.result(), options), result.filteredOut(), true, null);
                });
    }

    /**
     * How a directory is planned once the surface, install history and capabilities are known, and
     * (against a cluster) the OperatorGroups and version OLM checks; null offline.
     */
    @FunctionalInterface
    private interface Planner {
        PlannedInput plan(ApiSurface surface, InstallHistory history, Optional<CapabilityConfig> capabilities,
                OlmCluster olm, DependencyTarget dependencies, ConfigContext config);
    }

    /**
     * Plans offline, or against the cluster through {@link ClusterPlanning} (read once, awaited
     * here, its notes printed in order), then reports the planner's own diagnostics.
     *
     * @param offlineSurface the surface when neither the options nor a cluster give one
     */
    private PlannedInput planned(PlanTarget target, List<Manifest> manifests, CapabilityOptions capabilityOptions,
            Supplier<ApiSurface> surface, ApiSurface offlineSurface, Planner planner) {
        Optional<CapabilityConfig> requested = capabilityOptions.resolve(manifests, diagnostics);
        PlannedInput planned;
        if (live == null) {
            ApiSurface given = surface.get();
            planned = planner.plan(given != null ? given : offlineSurface, InstallHistory.UNKNOWN, requested, null,
                    DependencyTarget.offline(), ConfigContext.OFFLINE);
        } else {
            ClusterPlan<PlannedInput> answer = Blocking.result(live.cluster().plan(target, manifests, requested,
                    surface.get(), live.discoveryPatience(),
                    reading -> planner.plan(reading.served(), reading.history(), reading.capabilities(), reading.olm(),
                            reading.dependencyTarget(), reading.configContext()).withReading(reading)));
            report(answer.reading(), diagnostics, live.err());
            planned = answer.result().orElseThrow(() ->
                    new IllegalStateException("a refused cluster reading carries an error"));
        }
        diagnostics.reportOrFail(planned.result().diagnostics());
        return planned;
    }

    /** Prints what planning against the cluster has to say, in order; throws at the first errors (exit 2). */
    static void report(ClusterReading reading, DiagnosticsPrinter diagnostics, PrintWriter err) {
        for (PlanningNote note : reading.notes()) {
            if (note instanceof PlanningNote.Diagnosed diagnosed) {
                diagnostics.reportOrFail(diagnosed.diagnostics());
            } else if (note instanceof PlanningNote.Said said) {
                err.println(said.line());
            } else if (note instanceof PlanningNote.Warned warned) {
                err.println("warning: " + warned.warning());
            }
        }
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
                    .withOptionalApis(options.optionalApis())
                    .withConfig(options.configRequest(directory.toString()))
                    .filteredBy(capabilities);
            PlanResult result = new InstallPlanner(options.conversion().policy()).plan(inputs.bundle(directory), request);
            quiet.reportOrFail(result.diagnostics());
            return result;
        }
        PayloadPlanRequest request = new PayloadPlanRequest(base.reporting(capabilities), name,
                options.payload() != null ? options.payload() : new PayloadFilterSettings(null, null, null),
                capabilities.orElse(null), recordedPhase(options));
        PayloadPlanResult result = new PayloadPlanner().plan(inputs.payload(directory), request);
        quiet.reportOrFail(result.result().diagnostics());
        return result.result();
    }

    private static InstallHistory recordedPhase(PlanOptions options) {
        return options.phase() != null ? options.phase() : InstallHistory.UNKNOWN;
    }

    private static PlanResult recorded(PlanResult result, PlanOptions options) {
        return new PlanResult(result.planned().withPlan(options.recordOn(result.plan())), result.diagnostics(),
                result.verdict());
    }

    /** A release-payload directory's name, which names its target (the package of a bundle). */
    static String directoryName(Path directory) {
        Path name = directory.toAbsolutePath().normalize().getFileName();
        return name == null ? "payload" : name.toString();
    }
}
