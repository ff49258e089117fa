package dev.bundlectl.controller.pipeline;

import static dev.bundlectl.controller.pipeline.PipelineWaits.await;

import dev.bundlectl.source.catalog.CatalogBundle;
import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.bundle.Bundle;
import dev.bundlectl.bundle.BundleReadResult;
import dev.bundlectl.bundle.Diagnostics;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.read.BundleReader;
import dev.bundlectl.bundle.yaml.Mappers;
import dev.bundlectl.controller.api.BundleInstallSpec;
import dev.bundlectl.controller.reconcile.BundleInstaller;
import dev.bundlectl.controller.reconcile.InstalledBundle;
import dev.bundlectl.controller.reconcile.PlannedBundle;
import dev.bundlectl.controller.reconcile.ReconcileException;
import dev.bundlectl.controller.reconcile.RecordedInstall;
import dev.bundlectl.controller.source.ControllerSources;
import dev.bundlectl.executor.adopt.AdoptionPlan;
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
import dev.bundlectl.plan.crdsafety.BundleCrdUpdates;
import dev.bundlectl.plan.crdsafety.CrdSafetyMarks;
import dev.bundlectl.plan.crdsafety.CrdSafetyPolicy;
import dev.bundlectl.plan.crdsafety.CrdUpdateFindings;
import dev.bundlectl.source.SourceSettings;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The controller's {@link BundleInstaller} on bundlectl's own pipeline: the bundle source (image,
 * catalog or ConfigMap) becomes a directory ({@link BundleFetch}), the bundle reader reads it, and
 * the one install ordering ({@code executor.pipeline.InstallPipeline}) plans it against the cluster
 * read once, then preflights, locks, applies and records it, exactly as {@code bundlectl install}
 * does. Every request made for an install goes through the connection
 * {@link InstallerConnections} gives it, which acts as the BundleInstall's ServiceAccount. Every
 * call runs on a controller worker thread and waits there for the asynchronous pipeline; no
 * event-loop thread ever waits.
 */
public final class PipelineInstaller implements BundleInstaller {

    /** The condition and event reason of a lower version the spec names without {@code SelfCertified}. */
    public static final String DOWNGRADE_REFUSED = "DowngradeRefused";

    /** The condition and event reason of a rollback whose CRDs did not pass the rollback checks. */
    public static final String ROLLBACK_REFUSED = "RollbackRefused";

    /** The condition and event reason of an install another operation's lock held back. */
    public static final String LOCK_HELD = "LockHeld";
    /** The condition and event reason of a plan refused for what its CRD updates would break. */
    public static final String CRD_UPGRADE_UNSAFE = "CrdUpgradeUnsafe";

    private final InstallerConnections connections;
    private final SourceSettings sources;
    private final ApplySettings applySettings;
    private final Clock clock;
    private final String lockHolder;
    private final BundleFetch fetching;

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
        this.fetching = new BundleFetch(sources, shared, clock);
    }

    @Override
    public PlannedBundle plan(String namespace, BundleInstallSpec spec) {
        ClusterConnection connection = connections.forInstall(namespace, spec.serviceAccountName());
        return plan(connection, namespace, spec, fetching.fetch(connection, namespace, spec.source()));
    }

    @Override
    public PlannedBundle planHop(String namespace, BundleInstallSpec spec, String bundleImage) {
        ClusterConnection connection = connections.forInstall(namespace, spec.serviceAccountName());
        return plan(connection, namespace, spec, fetching.fetchBundle(connection, bundleImage, List.of()));
    }

    /** The plan of a fetched bundle, exactly as {@code bundlectl install} plans it. */
    private PlannedBundle plan(ClusterConnection connection, String namespace, BundleInstallSpec spec, FetchedBundle fetched) {
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
                optionalApis, true, false, spec.config()));
        // SelfCertified: the spec's author vouches for the move, as OLM v1 lets one; a lower version
        // then meets the rollback checks instead of the downgrade refusal (docs/semantics.md §9).
        PipelinePlan answer = await(new InstallPipeline(connection).plan(new PlanSettings(target, bundle.manifests(),
                capabilities, null, DiscoveryRetries.DEFAULT_PATIENCE, spec.selfCertified(), spec.crdUpgradeSafety()),
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
            if (refused.decision().downgrade()) {
                throw new ReconcileException(DOWNGRADE_REFUSED, refused.decision().reason() + "; nothing was applied; "
                        + "spec.upgradeConstraintPolicy: SelfCertified rolls back to it once its CRDs pass the "
                        + "rollback checks", false);
            }
            throw new ReconcileException(refused.decision().reason() + "; nothing was applied", false);
        }
        if (answer instanceof PipelinePlan.RollbackRefused refused) {
            // The live custom resources may yet be changed or removed so that they pass: tried again later.
            throw new ReconcileException(ROLLBACK_REFUSED, refused.reason(), true);
        }
        if (answer instanceof PipelinePlan.CrdUpgradeRefused refused) {
            // A spec change (another version, the Warn policy) or another bundle fixes this: no retry.
            throw new ReconcileException(CRD_UPGRADE_UNSAFE, "spec.crdUpgradeSafety is Strict and " + describe(
                    refused.found()) + "; nothing was applied", false);
        }
        if (spec.crdUpgradeSafety() == CrdSafetyPolicy.STRICT && !fetched.laterHops().isEmpty()) {
            laterHopsSafe(connection, bundle, fetched.laterHops());
        }
        PlanResult result = ((PipelinePlan.Planned) answer).result();
        // A first install of a package OLM manages here is an adoption, or refused (OlmTakeover).
        Optional<AdoptionPlan> adoption = reading.previous().record().isPresent() ? Optional.empty()
                : OlmTakeover.of(connection, namespace, bundle.packageName(), spec, result.planned(), applySettings);
        PlannedInstall planned = adoption.map(AdoptionPlan::planned).orElse(result.planned());
        Step csvStep = planned.plan().steps().stream().filter(step -> step.resource().groupKind().isCsv())
                .findFirst().orElse(null);
        String version = planned.steps().stream().filter(step -> step.step().resource().groupKind().isCsv())
                .map(step -> step.object().path("spec").path("version").asText(null)).findFirst().orElse(null);
        return new PlannedBundle(planned.plan(), bundle.packageName(), csvStep == null ? null : csvStep.resource().name(),
                version, fetched.image(), new Handle(connection, planned, reading, fetched.label(),
                fetched.laterHops(), adoption.orElse(null)),
                fetched.laterHops().stream().map(hop -> PlannedBundle.hop(hop.name(), hop.image())).toList(),
                fetched.channel(), fetched.catalogEntry(), reading.previous().record().map(record ->
                        new RecordedInstall(record.csvName(), record.csvVersion(),
                                record.phase() == InstallPlanPhase.COMPLETE)).orElse(null));
    }

    /**
     * A walk's later hops under the Strict policy: each hop's CRDs compared with the hop's before it,
     * offline, before the first hop is installed (docs/semantics.md §9), so that a walk is refused
     * with nothing written rather than stopped half-way. Each hop is pulled now, as its install
     * would pull it.
     */
    private void laterHopsSafe(ClusterConnection connection, Bundle first, List<CatalogBundle> laterHops) {
        Bundle older = first;
        for (int i = 0; i < laterHops.size(); i++) {
            CatalogBundle hop = laterHops.get(i);
            FetchedBundle fetched = fetching.fetchBundle(connection, hop.image(), laterHops.subList(i + 1,
                    laterHops.size()));
            BundleReadResult read = new BundleReader().read(fetched.directory());
            failOnErrors(read.diagnostics(), hop.describe());
            Bundle newer = read.bundle().orElseThrow(() -> new ReconcileException(hop.describe() + ": not a bundle",
                    false));
            CrdUpdateFindings found = BundleCrdUpdates.between(older, newer);
            if (found.anyFinding()) {
                throw new ReconcileException(CRD_UPGRADE_UNSAFE, "spec.crdUpgradeSafety is Strict and the walk's hop "
                        + (i + 2) + " (" + newer.csv().name() + " over " + older.csv().name() + ") " + describe(found)
                        + "; nothing was applied", false);
            }
            older = newer;
        }
    }

    /** {@code its CRD updates would break N things: …}, for a status message. */
    private static String describe(CrdUpdateFindings found) {
        List<String> lines = CrdSafetyMarks.lines(found);
        return "its CRD updates would break " + found.findings().size() + " thing(s): " + String.join("; ",
                lines.subList(0, Math.min(3, lines.size()))).replace("CRD upgrade safety: ", "")
                + (lines.size() > 3 ? " (and " + (lines.size() - 3) + " more)" : "");
    }

    /**
     * One bundle's install, in the order {@link InstallPipeline} gives it: the first hop of a walk
     * along the channel too, never the hops after it, which later reconciles install one by one
     * (docs/controller.md, "Following a channel"). It does not wait for the new version to run: an
     * upgrade's removals take one look, and a later round installs the same version again, removing
     * what is left, once it runs (docs/semantics.md §9); a later hop's plan carries them meanwhile.
     */
    @Override
    public InstalledBundle install(String namespace, PlannedBundle planned) {
        Handle handle = (Handle) planned.handle();
        InstallSettings settings = new InstallSettings(namespace, planned.packageName(), handle.label(), false, false,
                lockHolder, applySettings, new RunningWait(false, Duration.ofSeconds(1), Duration.ZERO), clock, false);
        PipelineOutcome outcome = await(new InstallPipeline(handle.connection()).install(handle.planned(),
                handle.reading(), handle.adoption() == null ? settings : settings.adopting(handle.adoption().owners()),
                PipelineListener.NONE), "installing");
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
        if (complete && handle.adoption() != null) {
            // OLM's Subscription and InstallPlans go once the adopted install is complete (docs/semantics.md §11).
            OlmTakeover.retire(handle.connection(), handle.adoption());
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
            // An adoption's diff was worked out when it was planned, the running CSV's spec against the bundle's included.
            PlanDiff diff = handle.adoption() != null ? handle.adoption().diff()
                    : await(new PlanDiffer(handle.connection()).diff(handle.planned(), settings,
                            new InstallOwner(namespace, planned.packageName())), "comparing the plan with the cluster");
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
     * account), the plan in its parsed shape, what planning read (the previous install it was
     * planned after, the lock), and, for a first install of a package OLM managed, its adoption.
     */
    private record Handle(ClusterConnection connection, PlannedInstall planned, ClusterReading reading, String label,
            List<CatalogBundle> laterHops, AdoptionPlan adoption) {
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
}
