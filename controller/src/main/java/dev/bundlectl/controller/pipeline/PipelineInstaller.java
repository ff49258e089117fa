package dev.bundlectl.controller.pipeline;

import dev.bundlectl.controller.api.HistoryEntry;
import dev.bundlectl.controller.reconcile.PlanDigest;
import dev.bundlectl.executor.apply.RemovalGate;
import dev.bundlectl.source.catalog.Catalog;
import dev.bundlectl.source.catalog.ChannelWalk;
import dev.bundlectl.source.catalog.CatalogSelection;
import dev.bundlectl.source.catalog.CatalogBundle;
import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.bundle.Bundle;
import dev.bundlectl.bundle.BundleReadResult;
import dev.bundlectl.bundle.Diagnostics;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.read.BundleReader;
import dev.bundlectl.bundle.yaml.Mappers;
import dev.bundlectl.controller.api.BundleInstallSpec;
import dev.bundlectl.controller.api.BundleSource;
import dev.bundlectl.controller.reconcile.BundleInstaller;
import dev.bundlectl.controller.reconcile.ChannelStanding;
import dev.bundlectl.controller.reconcile.InstalledBundle;
import dev.bundlectl.controller.reconcile.PlannedBundle;
import dev.bundlectl.controller.reconcile.ReconcileException;
import dev.bundlectl.controller.source.ConfigMapDirectory;
import dev.bundlectl.controller.source.ConfigMapPacking;
import dev.bundlectl.controller.source.ControllerSources;
import dev.bundlectl.executor.apply.ApplySettings;
import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.cluster.discovery.DiscoveryRetries;
import dev.bundlectl.executor.lock.LockHolders;
import dev.bundlectl.executor.lock.LockState;
import dev.bundlectl.executor.install.OperatorRunningCheck;
import dev.bundlectl.plan.model.PlanCondition;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.executor.planning.BundlePlanSettings;
import dev.bundlectl.executor.planning.BundlePlanning;
import dev.bundlectl.executor.planning.ClusterReading;
import dev.bundlectl.executor.pipeline.InstallPipeline;
import dev.bundlectl.executor.pipeline.InstallSettings;
import dev.bundlectl.executor.pipeline.PipelineListener;
import dev.bundlectl.executor.pipeline.PipelineOutcome;
import dev.bundlectl.executor.pipeline.PipelinePlan;
import dev.bundlectl.executor.pipeline.PlanSettings;
import dev.bundlectl.executor.pipeline.RunningWait;
import dev.bundlectl.executor.planning.PlanTarget;
import dev.bundlectl.executor.planning.PlanningNote;
import dev.bundlectl.executor.records.InstallRecord;
import dev.bundlectl.executor.records.InstallRecordStore;
import dev.bundlectl.bundle.version.VersionConstraint;
import dev.bundlectl.executor.records.ObjectRef;
import dev.bundlectl.executor.uninstall.UninstallOptions;
import dev.bundlectl.executor.diff.DiffRendering;
import dev.bundlectl.executor.diff.PlanDiff;
import dev.bundlectl.executor.diff.PlanDiffer;
import dev.bundlectl.executor.diff.UnifiedDiffText;
import dev.bundlectl.executor.ownership.InstallOwner;
import dev.bundlectl.executor.uninstall.UninstallReport;
import dev.bundlectl.executor.uninstall.DeletionResult;
import dev.bundlectl.executor.uninstall.PackageUninstall;
import dev.bundlectl.executor.waiting.Blocking;
import dev.bundlectl.executor.waiting.Waited;
import dev.bundlectl.plan.OptionalApi;
import dev.bundlectl.plan.OptionalApis;
import dev.bundlectl.plan.PlanResult;
import dev.bundlectl.plan.capability.CapabilityConfig;
import dev.bundlectl.plan.capability.CapabilityConfigFactory;
import dev.bundlectl.plan.capability.CapabilityConfigParser;
import dev.bundlectl.plan.capability.CapabilityConfigResult;
import dev.bundlectl.plan.model.InstallPlanPhase;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.planned.PlannedInstall;
import dev.bundlectl.plan.CsvMode;
import dev.bundlectl.source.BundleSources;
import dev.bundlectl.source.catalog.ChoiceNames;
import dev.bundlectl.source.ResolvedSource;
import dev.bundlectl.source.errors.SourceException;
import dev.bundlectl.source.SourceSettings;
import io.vertx.core.Future;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The controller's {@link BundleInstaller} on bundlectl's own pipeline: the bundle source (image,
 * catalog or ConfigMap) becomes a directory, the bundle reader reads it, the planning facade reads
 * the cluster once and plans, and the install session applies the plan and records it, exactly as
 * {@code bundlectl install} does. Every request made for an install goes through the connection
 * {@link InstallerConnections} gives it, which acts as the BundleInstall's ServiceAccount. Every
 * call runs on a controller worker thread and waits there for the asynchronous pipeline; no
 * event-loop thread ever waits.
 */
public final class PipelineInstaller implements BundleInstaller {

    private static final Duration PIPELINE_TIMEOUT = Duration.ofMinutes(10);

    /** How long each hop of a walk along the channel may take to run before the next one starts. */
    private static final Duration HOP_WAIT = Duration.ofMinutes(5);

    /** The condition and event reason of an install another operation's lock held back. */
    public static final String LOCK_HELD = "LockHeld";

    private final InstallerConnections connections;
    private final SourceSettings sources;
    private final ApplySettings applySettings;
    private final Clock clock;
    private final String lockHolder;
    private final ControllerSources shared;

    /**
     * An installer whose installs hold the package lock as this process ({@link LockHolders#thisProcess()}).
     *
     * @param connections the connection each install acts through
     * @param sources registry access and the cache for images and catalogs
     * @param applySettings how plans are applied (timeouts, concurrency)
     * @param clock the install records' clock
     */
    public PipelineInstaller(InstallerConnections connections, SourceSettings sources, ApplySettings applySettings,
            Clock clock) {
        this(connections, sources, applySettings, clock, LockHolders.thisProcess());
    }

    /**
     * @param connections the connection each install acts through
     * @param sources registry access and the cache for images and catalogs
     * @param applySettings how plans are applied (timeouts, concurrency)
     * @param clock the install records' clock
     * @param lockHolder who holds a package's lock while an install or uninstall runs, as its Lease
     *     names it ({@link LockHolders#controller})
     */
    public PipelineInstaller(InstallerConnections connections, SourceSettings sources, ApplySettings applySettings,
            Clock clock, String lockHolder) {
        this(connections, sources, applySettings, clock, lockHolder, null);
    }

    /**
     * @param connections the connection each install acts through
     * @param sources registry access and the cache for images and catalogs
     * @param applySettings how plans are applied (timeouts, concurrency)
     * @param clock the install records' clock
     * @param lockHolder who holds a package's lock while an install or uninstall runs
     * @param shared the images and catalogs every install shares, tags pinned by the poll's digests;
     *     null resolves each tag and reads each catalog on every plan
     */
    public PipelineInstaller(InstallerConnections connections, SourceSettings sources, ApplySettings applySettings,
            Clock clock, String lockHolder, ControllerSources shared) {
        this.connections = connections;
        this.sources = sources;
        this.applySettings = applySettings;
        this.clock = clock;
        this.lockHolder = lockHolder;
        this.shared = shared;
    }

    @Override
    public PlannedBundle plan(String namespace, BundleInstallSpec spec) {
        ClusterConnection connection = connections.forInstall(namespace, spec.serviceAccountName());
        return plan(connection, namespace, spec, fetch(connection, namespace, spec.source()));
    }

    /** The plan of a fetched bundle, exactly as {@code bundlectl install} plans it. */
    private PlannedBundle plan(ClusterConnection connection, String namespace, BundleInstallSpec spec, Fetched fetched) {
        BundleReadResult read = new BundleReader().read(fetched.directory());
        failOnErrors(read.diagnostics(), spec.source().describe());
        Bundle bundle = read.bundle().orElseThrow(() ->
                new ReconcileException(spec.source().describe() + ": not a bundle", false));
        Optional<CapabilityConfig> capabilities = capabilities(spec.capabilities(), bundle.manifests());
        OptionalApis optionalApis = optionalApis(spec.optionalApis());
        CsvMode csvMode = CsvMode.fromWireName(spec.csvMode()).orElseThrow(() ->
                new ReconcileException("spec.csvMode: \"" + spec.csvMode() + "\" is not auto, olm or render", false));
        PlanTarget target = new PlanTarget(namespace, bundle.packageName(), false, !bundle.dependencies().isEmpty());
        // The same planning as `bundlectl install`: request, capability filter, recorded options, upgrade path.
        BundlePlanning planning = new BundlePlanning(new BundlePlanSettings(namespace, fetched.label(), csvMode, null,
                optionalApis, true));
        PipelinePlan answer = await(new InstallPipeline(connection).plan(new PlanSettings(target, bundle.manifests(),
                capabilities, null, DiscoveryRetries.DEFAULT_PATIENCE, false),
                reading -> planning.plan(bundle, reading)), "planning");
        ClusterReading reading = answer.reading();
        for (PlanningNote note : reading.notes()) {
            if (note instanceof PlanningNote.Diagnosed diagnosed) {
                failOnErrors(diagnosed.diagnostics(), "planning against the cluster");
            }
        }
        if (answer instanceof PipelinePlan.Unreadable) {
            throw new ReconcileException("planning against the cluster was refused", true);
        }
        if (reading.lock() instanceof LockState.Held held) {
            // Another operation of the package (a command line's, say) is under way: tried again later,
            // before an approval is asked for a plan that may be stale by then.
            throw new ReconcileException(LOCK_HELD, held.describe(), true);
        }
        if (answer instanceof PipelinePlan.Invalid invalid) {
            failOnErrors(invalid.result().diagnostics(), spec.source().describe());
        }
        if (answer instanceof PipelinePlan.UpgradeRefused refused) {
            // Only a spec naming a connected version (or the installed one) can fix this: no retry.
            throw new ReconcileException(refused.decision().reason() + "; nothing was applied", false);
        }
        PlanResult result = ((PipelinePlan.Planned) answer).result();
        PlannedInstall planned = result.planned();
        Step csvStep = planned.plan().steps().stream().filter(step -> step.resource().groupKind().isCsv())
                .findFirst().orElse(null);
        String version = planned.steps().stream().filter(step -> step.step().resource().groupKind().isCsv())
                .map(step -> step.object().path("spec").path("version").asText(null)).findFirst().orElse(null);
        return new PlannedBundle(planned.plan(), bundle.packageName(), csvStep == null ? null : csvStep.resource().name(),
                version, fetched.image(), new Handle(connection, planned, reading, fetched.label(), spec,
                fetched.laterHops()),
                fetched.laterHops().stream().map(hop -> hop.name() + "@" + hop.image()).toList(), fetched.channel());
    }

    @Override
    public InstalledBundle install(String namespace, PlannedBundle planned) {
        Handle handle = (Handle) planned.handle();
        ClusterConnection connection = handle.connection();
        List<CatalogBundle> later = handle.laterHops();
        // A walk along the channel (docs/semantics.md §9): each hop runs before the next is planned.
        InstalledBundle installed = installOne(namespace, planned, !later.isEmpty());
        PlannedBundle current = planned;
        List<HistoryEntry> hops = new ArrayList<>();
        for (int i = 0; i < later.size() && installed.complete(); i++) {
            hops.add(new HistoryEntry(current.version(), current.csvName(), PlanDigest.of(current.plan()), clock.instant()));
            Fetched fetched = fetchBundle(connection, later.get(i).image(), later.subList(i + 1, later.size()));
            current = plan(connection, namespace, handle.spec(), fetched);
            installed = installOne(namespace, current, i < later.size() - 1);
        }
        if (later.isEmpty()) {
            return installed;
        }
        // What the next round plans is the last hop again: the status takes its digest, so that the
        // walk, once done, is not asked to be approved again; the history lists every hop.
        return new InstalledBundle(installed.plan(), installed.complete(), installed.message(),
                PlanDigest.of(current.plan()), current.csvName(), current.version(), hops);
    }

    /**
     * One bundle's install, in the order {@link InstallPipeline} gives it. An upgrade removes what
     * only the old version had once the new one runs: a hop with another after it waits for that;
     * otherwise the reconcile looks once rather than holding a worker, and a later round installs
     * the same version again, removing what is left, once it runs (docs/semantics.md §9).
     */
    private InstalledBundle installOne(String namespace, PlannedBundle planned, boolean untilRunning) {
        Handle handle = (Handle) planned.handle();
        InstallSettings settings = new InstallSettings(namespace, planned.packageName(), handle.label(), false, false,
                lockHolder, applySettings, new RunningWait(untilRunning, Duration.ofSeconds(1), HOP_WAIT), clock, false);
        PipelineOutcome outcome = await(new InstallPipeline(handle.connection()).install(handle.planned(),
                handle.reading(), settings, PipelineListener.NONE), "installing");
        if (outcome instanceof PipelineOutcome.LockHeld held) {
            // Nothing was written; the next round plans again from the cluster as it is then.
            throw new ReconcileException(LOCK_HELD, held.lock() instanceof LockState.Held holder ? holder.describe()
                    : "another operation of " + planned.packageName() + " ran since this plan was made", true);
        }
        if (outcome instanceof PipelineOutcome.Forbidden forbidden) {
            // Nothing was written; the account may be granted what it lacks, so this is tried again later.
            throw new ReconcileException("Forbidden", forbidden.outcome().missingAccess().oneLine(), true);
        }
        InstallPlan plan = outcome instanceof PipelineOutcome.Applied applied ? applied.outcome().plan()
                : ((PipelineOutcome.PreflightRefused) outcome).outcome().plan();
        boolean complete = plan.status().phase() == InstallPlanPhase.COMPLETE;
        String message = plan.status().message();
        Optional<RemovalGate.Answer> waited = outcome instanceof PipelineOutcome.Applied applied ? applied.waited()
                : Optional.empty();
        if (waited.isPresent()) {
            RemovalGate.Answer answer = waited.get();
            if (answer.condition() != null) {
                plan = plan.withCondition(answer.condition());
            }
            if (answer instanceof RemovalGate.Answer.Closed closed) {
                return new InstalledBundle(plan, false, "the upgrade stopped at " + planned.csvName() + ": "
                        + closed.why());
            }
        }
        return new InstalledBundle(plan, complete, message == null ? (complete ? "Complete" : "Failed") : message);
    }

    @Override
    public Optional<PlanCondition> running(PlannedBundle planned, InstallPlan installed) {
        ClusterConnection connection = ((Handle) planned.handle()).connection();
        return await(new OperatorRunningCheck(connection.vertx(), connection.retryingApi(), clock).check(installed),
                "checking whether the operator runs");
    }

    @Override
    public Optional<String> diff(String namespace, PlannedBundle planned, int maxBytes) {
        Handle handle = (Handle) planned.handle();
        ApplySettings settings = applySettings.toBuilder().firstInstall(handle.reading().previous().record().isEmpty()).build();
        try {
            PlanDiff diff = await(new PlanDiffer(handle.connection()).diff(handle.planned(), settings,
                    new InstallOwner(namespace, planned.packageName())),
                    "comparing the plan with the cluster");
            String hops = handle.laterHops().isEmpty() ? "" : "# the first of " + (handle.laterHops().size() + 1)
                    + " hops; each later one is compared when it is planned\n";
            return Optional.of(hops + "# " + diff.summary() + "\n" + UnifiedDiffText.render(diff,
                    new DiffRendering(true, Math.max(DiffRendering.MIN_BOUND, maxBytes - hops.length() - 200))));
        } catch (ReconcileException e) {
            // The diff is a courtesy to whoever approves: the plan and its digest stand without it.
            return Optional.of("# no diff: " + e.getMessage() + "\n");
        }
    }

    @Override
    public String uninstall(String namespace, String packageName, String serviceAccountName, List<ObjectRef> applied) {
        ClusterConnection connection = connections.forInstall(namespace, serviceAccountName);
        UninstallReport report = await(new PackageUninstall(connection).run(namespace, packageName,
                UninstallOptions.defaults(), lockHolder, applied, result -> { }), "uninstalling");
        if (report.lockedOut() != null) {
            throw new ReconcileException(LOCK_HELD, report.lockedOut() instanceof LockState.Held held ? held.describe()
                    : "another operation of " + packageName + " ran meanwhile", true);
        }
        if (report.missingAccess() != null) {
            // Nothing was removed; the account may be granted what it lacks, so this is tried again later.
            throw new ReconcileException("Forbidden", report.missingAccess().oneLine(), true);
        }
        if (!report.succeeded()) {
            throw new ReconcileException("uninstall of " + packageName + " left " + report.failures().size()
                    + " object(s) behind" + (report.failures().isEmpty() ? ": " + report.record().detail()
                            : ": " + report.failures().get(0).detail()), true);
        }
        return "uninstalled " + packageName + ": " + report.count(DeletionResult.Deleted.class) + " object(s) deleted, "
                + report.count(DeletionResult.Released.class) + " released to other installs, "
                + report.count(DeletionResult.AlreadyGone.class) + " already gone";
    }

    /**
     * What install needs later: the connection the plan was made through (acting as the install's
     * account), the plan in its parsed shape, and what planning read (the previous install it was
     * planned after, the lock).
     */
    private record Handle(ClusterConnection connection, PlannedInstall planned, ClusterReading reading, String label,
            BundleInstallSpec spec, List<CatalogBundle> laterHops) {
    }

    /**
     * A bundle directory, how to name it, the image it came from (null for a ConfigMap), and the
     * catalog's bundles to install after it on a walk along the channel (empty otherwise).
     */
    private record Fetched(Path directory, String label, String image, List<CatalogBundle> laterHops,
            ChannelStanding channel) {
        Fetched {
            laterHops = List.copyOf(laterHops);
        }

        Fetched(Path directory, String label, String image, List<CatalogBundle> laterHops) {
            this(directory, label, image, laterHops, null);
        }
    }

    /** A catalog bundle of a walk, pulled. */
    private Fetched fetchBundle(ClusterConnection connection, String image, List<CatalogBundle> laterHops) {
        try (ControllerSources bundles = sourcesFor(connection)) {
            ResolvedSource resolved = await(bundles.bundle(image), "pulling " + image);
            String pinned = resolved.image().map(ResolvedSource.ImageOrigin::pinned).orElse(null);
            return new Fetched(resolved.directory(), pinned != null ? pinned : image, pinned, laterHops);
        }
    }

    private Fetched fetch(ClusterConnection connection, String namespace, BundleSource source) {
        ConfigMapDirectory configMaps = new ConfigMapDirectory(connection, sources.cacheRoot());
        if (source instanceof BundleSource.ConfigMap configMap) {
            Path directory = configMaps.unpack(namespace, configMap.name(), ConfigMapPacking.BUNDLE);
            return new Fetched(directory, "configmap:" + namespace + "/" + configMap.name(), null, List.of());
        }
        try (ControllerSources bundles = sourcesFor(connection)) {
            ResolvedSource resolved;
            List<CatalogBundle> laterHops = List.of();
            ChannelStanding channel = null;
            if (source instanceof BundleSource.Image image) {
                resolved = await(bundles.bundle(image.reference()), "pulling " + image.reference());
            } else {
                BundleSource.Catalog catalog = (BundleSource.Catalog) source;
                // A ConfigMap's catalog is unpacked to a directory, which the catalog reader takes as it takes a
                // catalog image's; the chosen bundle is then pulled by its image reference either way.
                String reference = catalog.image() != null ? catalog.image()
                        : configMaps.unpack(namespace, catalog.configMap(), ConfigMapPacking.CATALOG).toString();
                String named = catalog.image() != null ? catalog.image()
                        : "ConfigMap " + namespace + "/" + catalog.configMap();
                BundleSources.LoadedCatalog loaded = await(bundles.catalog(reference), "reading catalog " + named);
                CatalogSelection.Chosen chosen = choose(loaded, catalog, named);
                // Over an installed version, the catalog's choice is reached along the channel, as the CLI does.
                Optional<InstallRecord> latest = await(new InstallRecordStore(connection.retryingApi())
                        .latestFor(namespace, catalog.packageName()), "reading the install records");
                ChannelWalk walk = ChannelWalk.of(loaded.catalog(), chosen.channel(), chosen.bundle(),
                        latest.map(InstallRecord::csvName).orElse(null),
                        latest.map(InstallRecord::csvVersion).orElse(null), false);
                if (walk instanceof ChannelWalk.Unreachable unreachable) {
                    throw new ReconcileException(unreachable.reason() + "; nothing was applied", false);
                }
                CatalogBundle first = chosen.bundle();
                if (walk instanceof ChannelWalk.Hops hops) {
                    first = hops.hops().get(0);
                    laterHops = hops.hops().subList(1, hops.hops().size());
                }
                resolved = await(bundles.bundle(first.image()), "pulling " + first.image());
                channel = standing(loaded.catalog(), catalog, chosen, latest.map(InstallRecord::csvVersion).orElse(null));
            }
            String pinned = resolved.image().map(ResolvedSource.ImageOrigin::pinned).orElse(null);
            return new Fetched(resolved.directory(), pinned != null ? pinned : source.describe(), pinned, laterHops,
                    channel);
        }
    }

    /**
     * The shared sources, or, without them, ones of this call only that resolve every tag. Closing the
     * shared ones here leaves them open: their owner closes them.
     */
    private ControllerSources sourcesFor(ClusterConnection connection) {
        if (shared != null) {
            return shared.borrowed();
        }
        return new ControllerSources(new BundleSources(connection.vertx(), sources), Duration.ZERO, clock);
    }

    /**
     * Where the install stands on the channel: the installed version, the channel's newest (its
     * head), the version the spec picks, and why the newest is not that one; null when the channel
     * has no one head to call the newest.
     */
    private static ChannelStanding standing(Catalog catalog, BundleSource.Catalog source,
            CatalogSelection.Chosen chosen, String installedVersion) {
        CatalogBundle head;
        try {
            head = CatalogSelection.choose(catalog, ChoiceNames.BUNDLE_INSTALL_FIELDS, source.packageName(),
                    chosen.channel(), null).bundle();
        } catch (dev.bundlectl.source.errors.CatalogException noSingleHead) {
            // A channel without one head still installs a pinned or in-range version: it just has no newest.
            return null;
        }
        String latest = versionOf(head);
        String target = versionOf(chosen.bundle());
        String blocked = null;
        if (!head.name().equals(chosen.bundle().name())) {
            blocked = source.versionRange() != null
                    ? latest + ", the newest in channel " + chosen.channel() + ", is outside versionRange "
                            + source.versionRange() + "; " + target + " is the newest inside it"
                    : "version " + source.version() + " is pinned; channel " + chosen.channel() + " has " + latest;
        }
        return new ChannelStanding(installedVersion, latest, target, blocked);
    }

    private static String versionOf(CatalogBundle bundle) {
        return bundle.version() != null ? bundle.version().toString() : bundle.name();
    }

    private static CatalogSelection.Chosen choose(BundleSources.LoadedCatalog loaded, BundleSource.Catalog catalog,
            String named) {
        try {
            return catalog.versionRange() == null
                    ? CatalogSelection.choose(loaded.catalog(), ChoiceNames.BUNDLE_INSTALL_FIELDS, catalog.packageName(),
                            catalog.channel(), catalog.version())
                    : CatalogSelection.chooseInRange(loaded.catalog(), ChoiceNames.BUNDLE_INSTALL_FIELDS,
                            catalog.packageName(), catalog.channel(), VersionConstraint.parse(catalog.versionRange()),
                            "spec.source.catalog.versionRange");
        } catch (dev.bundlectl.source.errors.CatalogException e) {
            throw new ReconcileException("reading catalog " + named + ": " + e.getMessage(), false);
        }
    }

    private static Optional<CapabilityConfig> capabilities(JsonNode document, List<Manifest> manifests) {
        if (document == null) {
            return Optional.empty();
        }
        CapabilityConfigFactory factory = CapabilityConfigFactory.forManifests(manifests);
        String text;
        try {
            text = Mappers.json().writeValueAsString(document);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new ReconcileException("spec.capabilities: " + e.getOriginalMessage(), false);
        }
        CapabilityConfigResult result = new CapabilityConfigParser(factory).parse("spec.capabilities", text);
        failOnErrors(result.diagnostics(), "spec.capabilities");
        return result.config();
    }

    private static OptionalApis optionalApis(List<String> rules) {
        List<OptionalApi> parsed = new ArrayList<>();
        for (String rule : rules) {
            try {
                parsed.add(OptionalApi.parse(rule));
            } catch (IllegalArgumentException e) {
                throw new ReconcileException("spec.optionalApis: " + e.getMessage(), false);
            }
        }
        return new OptionalApis(parsed);
    }

    private static void failOnErrors(Diagnostics diagnostics, String where) {
        if (diagnostics.hasErrors()) {
            // The first error names the file, object and field; the rest are counted so the status stays one line.
            int more = diagnostics.errors().size() - 1;
            throw new ReconcileException(where + ": " + diagnostics.errors().get(0)
                    + (more > 0 ? " (and " + more + " more)" : ""), false);
        }
    }

    private static <T> T await(Future<T> future, String what) {
        Waited<T> waited = Blocking.await(future.toCompletionStage(), PIPELINE_TIMEOUT);
        if (waited instanceof Waited.Done<T> done) {
            return done.value();
        }
        if (waited instanceof Waited.Interrupted) {
            throw new ReconcileException(what + ": interrupted", true);
        }
        if (waited instanceof Waited.TimedOut) {
            throw new ReconcileException(what + ": no answer within " + PIPELINE_TIMEOUT.toMinutes() + " minutes", true);
        }
        Throwable cause = ((Waited.Failed<T>) waited).cause();
        if (cause instanceof ReconcileException reconcile) {
            throw reconcile;
        }
        if (cause instanceof SourceException source) {
            // Only an unreachable registry may come right by itself; a bad reference or image needs a spec change.
            throw new ReconcileException(what + ": " + source.getMessage(),
                    source instanceof dev.bundlectl.source.errors.RegistryUnavailableException);
        }
        throw new ReconcileException(what + ": " + cause.getMessage(), true);
    }
}
