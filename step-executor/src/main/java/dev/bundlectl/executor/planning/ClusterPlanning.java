package dev.bundlectl.executor.planning;

import dev.bundlectl.executor.lock.LockState;
import dev.bundlectl.executor.lock.LockTarget;
import dev.bundlectl.executor.lock.PackageLock;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.Diagnostics;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.SourceLocation;
import dev.bundlectl.executor.capability.ClusterVersionReader;
import dev.bundlectl.executor.capability.ExistenceCheck;
import dev.bundlectl.executor.capability.ExistingObjects;
import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.cluster.discovery.Discovery;
import dev.bundlectl.cluster.discovery.DiscoveryApiSurface;
import dev.bundlectl.cluster.discovery.DiscoveryFailedException;
import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.executor.records.InstallRecordStore;
import dev.bundlectl.executor.rollback.RollbackChecks;
import dev.bundlectl.executor.records.PreviousInstall;
import dev.bundlectl.plan.PlanResult;
import dev.bundlectl.plan.api.ApiSurface;
import dev.bundlectl.plan.api.ConsultedGroups;
import dev.bundlectl.plan.capability.CapabilityAnnotation;
import dev.bundlectl.plan.capability.CapabilityConfig;
import dev.bundlectl.plan.capability.CapabilityConfigResult;
import dev.bundlectl.plan.capability.CapabilityReport;
import dev.bundlectl.plan.capability.CapabilityResolution;
import dev.bundlectl.plan.capability.CapabilityResolver;
import dev.bundlectl.plan.PlanVerdict;
import dev.bundlectl.plan.crdsafety.CrdSafetyMarks;
import dev.bundlectl.plan.crdsafety.CrdSafetyPolicy;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.dependency.InstalledPackage;
import dev.bundlectl.plan.olm.OlmCluster;
import dev.bundlectl.plan.olm.ProvidedApi;
import dev.bundlectl.plan.capability.ClusterCapabilityStatus;
import dev.bundlectl.plan.config.ProxyReading;
import dev.bundlectl.plan.planned.PlannedInstall;
import io.vertx.core.Future;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * Plans against a live cluster (docs/semantics.md §4), without blocking: reads what the cluster
 * serves, the target's latest install record, and, for the capabilities,
 * <ol>
 *   <li>the user's capabilities; without any, the cluster's own ClusterVersion status when it is an
 *       OpenShift cluster; without either, no capability filtering;</li>
 *   <li>a capability that the latest install of the same target enabled and this one disables is
 *       refused (invalid input, nothing applied);</li>
 *   <li>an excluded manifest whose object already exists, or that the latest install applied,
 *       implicitly enables its capabilities.</li>
 * </ol>
 * Each is read once, and the planner then runs on a worker thread with the answers. The decisions
 * are {@link CapabilityResolver}'s; this class only gathers what it needs and keeps the order in
 * which the user is told about it ({@link PlanningNote}).
 *
 * <p>Usage, from a thread that may wait:
 * <pre>{@code
 * ClusterPlan<PlanResult> planned = new ClusterPlanning(connection).plan(target, bundle.manifests(),
 *         Optional.empty(), null, Duration.ofSeconds(30),
 *         reading -> new InstallPlanner().plan(bundle, requestFor(reading)))
 *     .toCompletionStage().toCompletableFuture().join(); // not on an event loop
 * }</pre>
 */
public final class ClusterPlanning {

    private final ClusterConnection connection;
    private final InstallRecordStore records;

    /** Planning against the connected cluster; reads through its retrying API. */
    public ClusterPlanning(ClusterConnection connection) {
        this.connection = Objects.requireNonNull(connection, "connection");
        this.records = new InstallRecordStore(connection.retryingApi());
    }

    /**
     * Reads the cluster and plans.
     *
     * @param target what is planned, which names its install records
     * @param manifests the input's manifests, for the capability rules
     * @param requested the capabilities the user gave; empty to take the cluster's own, if it has any
     * @param givenSurface the API surface the user gave, or null to read the cluster's discovery
     * @param discoveryPatience how long a failing discovery request is retried
     * @param planner makes the plan from what was read (its surface, capabilities and install
     *     history); runs once, on a worker thread, and only when the reading was not refused
     * @param <T> what the planner returns
     * @return the plan and what was read; fails with {@link IllegalStateException} when the cluster
     *     cannot be read
     */
    public <T> Future<ClusterPlan<T>> plan(PlanTarget target, List<Manifest> manifests,
            Optional<CapabilityConfig> requested, ApiSurface givenSurface, Duration discoveryPatience,
            Function<ClusterReading, T> planner) {
        Objects.requireNonNull(planner, "planner");
        // The install record is read while discovery runs: neither needs the other, and on a re-run
        // the two were the first two round trips of the plan, one after the other. A discovery
        // failure is still the one reported, as when the record was read only after it.
        Future<ApiSurface> surface = served(givenSurface, manifests, discoveryPatience);
        Future<PreviousInstall> previousInstall = previousInstall(target);
        // The lock is read with the record: an install takes it from this version only if no
        // operation of the package ran between this reading and its first write.
        Future<LockState> lock = lock(target);
        return surface
                .compose(served -> previousInstall
                        .compose(previous -> read(served, previous, target, manifests, requested)))
                .compose(reading -> lock.map(reading::withLock))
                .compose(reading -> reading.refused()
                        ? Future.succeededFuture(new ClusterPlan<T>(reading, Optional.empty()))
                        : connection.vertx().executeBlocking(() -> planner.apply(reading), false)
                                .map(result -> new ClusterPlan<>(reading, Optional.of(result))));
    }

    /**
     * Which of {@code manifests}' objects exist now, looked up as implicit capability enablement
     * does; an object that cannot be read counts as absent, with a warning. An upgrade marks its
     * steps create, update or present with this.
     *
     * @param namespace where namespaced objects without a namespace of their own are placed
     */
    public Future<ExistenceCheck> existing(List<Manifest> manifests, String namespace) {
        return new ExistingObjects(connection.retryingApi(), connection.discovery()).check(manifests, namespace);
    }

    /**
     * The plan of installing {@code result}'s bundle over the target's latest install, as the
     * planning reading found it: unchanged for a first install or a re-run of the installed CSV; an
     * upgrade's steps marked create, update or present from what exists now, with delete and keep
     * steps for what the new bundle lacks; {@link UpgradeOutcome.Refused} when the new CSV does not
     * upgrade from the installed one and {@code force} is not set. The command line and the
     * controller both come here, so an upgrade is planned the same way by either.
     */
    public Future<UpgradeOutcome> upgrade(PlanResult result, PreviousInstall previous, PlanTarget target, boolean force) {
        return new UpgradePlanning(this, connection.vertx(), RollbackChecks.of(connection)).apply(result, previous,
                target, force);
    }

    /**
     * The plan with what its CRD updates would break (docs/semantics.md §9): each CRD the plan
     * changes compared with its live version ({@link CrdUpdateReading}), and the plan marked as
     * {@code policy} says ({@link CrdSafetyMarks}). The command line and the controller both come
     * here, for a fresh plan and a reviewed one alike. Never fails.
     *
     * @param previous the target's last install: a CRD it applied as planned now is not read again
     */
    public Future<CrdSafetyCheck> crdSafety(PlanResult result, PreviousInstall previous, CrdSafetyPolicy policy) {
        return new CrdUpdateReading(connection.retryingApi(), connection.vertx()).read(result.planned(), previous)
                .compose(found -> {
                    if (found.compared().isEmpty() && found.unread().isEmpty()) {
                        return Future.succeededFuture(new CrdSafetyCheck(result, found, false));
                    }
                    // Marking re-binds every step of the plan: a worker's job, not an event loop's.
                    return connection.vertx().executeBlocking(() -> {
                        InstallPlan marked = CrdSafetyMarks.apply(result.plan(), found, policy);
                        return new CrdSafetyCheck(new PlanResult(result.planned().withPlan(marked),
                                result.diagnostics(), PlanVerdict.of(marked.steps())), found,
                                CrdSafetyMarks.refused(marked));
                    }, false);
                });
    }

    /**
     * The packages installed in {@code namespace} (install records, OLM-annotated CSVs), for
     * resolving a dependency chain against what the cluster already has.
     */
    public Future<List<InstalledPackage>> installedPackages(String namespace) {
        return new InstalledPackagesReader(connection.retryingApi(), records).read(null, namespace, new ArrayList<>());
    }

    /**
     * Reads what the install of a reviewed plan needs: the target's latest install record, and
     * whether the plan would disable a capability that install enabled (a reviewed plan may no
     * more do that than a fresh one).
     *
     * @param source where the plan came from, for messages
     */
    public Future<ClusterReading> readForReviewed(PlanTarget target, PlannedInstall plan, String source) {
        Optional<CapabilityConfig> planned = CapabilityReport.config(plan.plan().status().capabilities(), source);
        List<PlanningNote> notes = new ArrayList<>();
        Future<OlmCluster> olm = target.payload() ? Future.succeededFuture(null)
                : new OlmClusterReader(connection.retryingApi(), records).read(null, target.namespace(),
                        ProvidedApi.ofCsvIn(plan.manifests()), notes);
        Future<PreviousInstall> previousInstall = previousInstall(target);
        Future<LockState> lock = lock(target);
        return Future.all(olm, previousInstall, lock).map(both -> {
            PreviousInstall previous = previousInstall.result();
            planned.ifPresent(config -> notes.add(new PlanningNote.Diagnosed(CapabilityResolver.resolve(config,
                    previous.enabledCapabilities(), manifest -> false, plan.manifests()).diagnostics())));
            Optional.ofNullable(olm.result()).flatMap(cluster -> ReviewedOperatorGroups.problem(plan.plan(), cluster))
                    .ifPresent(problem -> notes.add(new PlanningNote.Diagnosed(refusal(source, problem))));
            return new ClusterReading(null, previous, planned, notes, olm.result()).withLock(lock.result());
        });
    }

    private static Diagnostics refusal(String source, String problem) {
        Diagnostics.Collector diagnostics = new Diagnostics.Collector();
        diagnostics.error(SourceLocation.file(source), null, null, problem);
        return diagnostics.toDiagnostics();
    }

    private Future<ApiSurface> served(ApiSurface givenSurface, List<Manifest> manifests, Duration patience) {
        if (givenSurface != null) {
            return Future.succeededFuture(givenSurface);
        }
        Discovery discovery = connection.discovery();
        // The groups this plan consults are read now; any other the planner names, when it does
        // (on its worker thread), rather than every group the cluster serves.
        return discovery.retrying(discovery.retries().withPatience(patience)).surface(ConsultedGroups.of(manifests))
                .<ApiSurface>map(surface -> surface)
                // The first request to the cluster: say which cluster could not be read, not only why.
                .recover(failure -> Future.failedFuture(new IllegalStateException("cannot read the API discovery of "
                        + connection.server() + ": " + failure.getMessage(), failure)));
    }

    /** The lock of the target's operations, as it is now; the lock retries by itself. */
    private Future<LockState> lock(PlanTarget target) {
        return new PackageLock(connection.api(), connection.vertx(),
                new LockTarget(target.namespace(), target.packageName())).read();
    }

    private Future<PreviousInstall> previousInstall(PlanTarget target) {
        return records.latestFor(target.namespace(), target.packageName()).map(PreviousInstall::of);
    }

    private Future<ClusterReading> read(ApiSurface served, PreviousInstall previous, PlanTarget target,
            List<Manifest> manifests, Optional<CapabilityConfig> requested) {
        List<PlanningNote> notes = new ArrayList<>();
        Future<Optional<CapabilityConfig>> wanted = requested.isPresent() ? Future.succeededFuture(requested)
                : fromClusterVersion(served, manifests, notes);
        // OLM's part is read beside the capabilities: two more requests, not two more round trips.
        Future<OlmCluster> olm = target.payload() ? Future.succeededFuture(null)
                : new OlmClusterReader(connection.retryingApi(), records).read(served, target.namespace(),
                        ProvidedApi.ofCsvIn(manifests), notes)
                        .recover(failure -> Future.failedFuture(new IllegalStateException("cannot read the "
                                + "OperatorGroups of namespace " + target.namespace() + " or the server's version: "
                                + failure.getMessage(), failure)));
        Future<Optional<CapabilityConfig>> capabilities = wanted.compose(config -> config.isEmpty() || refused(notes)
                ? Future.succeededFuture(Optional.<CapabilityConfig>empty())
                : resolve(config.get(), previous, target, manifests, notes));
        Future<Optional<List<InstalledPackage>>> installed = !target.readsInstalledPackages()
                ? Future.succeededFuture(Optional.empty())
                : new InstalledPackagesReader(connection.retryingApi(), records).read(served, target.namespace(), notes)
                        .<Optional<List<InstalledPackage>>>map(Optional::of)
                        .recover(failure -> Future.failedFuture(new IllegalStateException("cannot read the "
                                + "installed packages of namespace " + target.namespace() + " for the bundle's "
                                + "dependencies: " + failure.getMessage(), failure)));
        // The proxy a rendered operator is given: one more request, beside the others, on OpenShift alone.
        Future<ProxyReading> proxy = target.payload() ? Future.succeededFuture(ProxyReading.NOT_SERVED)
                : new ClusterProxyReader(connection.retryingApi(), connection.discovery()).read(served);
        return Future.all(olm, capabilities, installed, proxy)
                .map(all -> new ClusterReading(served, previous, capabilities.result(), notes, olm.result(),
                        installed.result(), null, proxy.result()));
    }

    private Future<Optional<CapabilityConfig>> resolve(CapabilityConfig requested, PreviousInstall previous,
            PlanTarget target, List<Manifest> manifests, List<PlanningNote> notes) {
        List<Manifest> excluded = CapabilityResolver.excludedBy(requested, manifests);
        return new ExistingObjects(connection.retryingApi(), connection.discovery())
                .check(excluded, target.placementNamespace())
                .map(live -> {
                    live.warnings().forEach(warning -> notes.add(new PlanningNote.Warned(warning)));
                    CapabilityResolution resolution = CapabilityResolver.resolve(requested,
                            previous.enabledCapabilities(),
                            manifest -> live.exists(manifest) || previous.applied(manifest, target.placementNamespace()),
                            manifests);
                    notes.add(new PlanningNote.Diagnosed(resolution.diagnostics()));
                    if (resolution instanceof CapabilityResolution.Resolved resolved) {
                        return Optional.of(resolved.config());
                    }
                    if (!resolution.diagnostics().hasErrors()) {
                        throw new IllegalStateException("a rejected capability resolution carries an error");
                    }
                    return Optional.empty();
                });
    }

    private Future<Optional<CapabilityConfig>> fromClusterVersion(ApiSurface served, List<Manifest> manifests,
            List<PlanningNote> notes) {
        if (served instanceof DiscoveryApiSurface live && !live.listsGroup(ClusterCapabilityStatus.GROUP)) {
            // Not an OpenShift cluster: its root discovery lists no such group, so no request asks.
            return Future.succeededFuture(Optional.empty());
        }
        return new ClusterVersionReader(connection.retryingApi(), connection.discovery()).read()
                .recover(failure -> Future.failedFuture(failure instanceof ApiException
                        || failure instanceof DiscoveryFailedException
                        // The cluster refused or failed, not the user's input: a cluster failure.
                        ? new IllegalStateException("cannot read the cluster's capabilities from "
                                + ClusterCapabilityStatus.KIND + "/" + ClusterCapabilityStatus.NAME + " ("
                                + failure.getMessage() + "); give them with --capabilities-file or the capability flags")
                        : failure))
                .map(clusterVersion -> clusterVersion.flatMap(status -> capabilitiesOf(status, manifests, notes)));
    }

    private Optional<CapabilityConfig> capabilitiesOf(ObjectNode clusterVersion, List<Manifest> manifests,
            List<PlanningNote> notes) {
        CapabilityConfigResult result = ClusterCapabilityStatus.read(clusterVersion, "cluster " + connection.server(),
                CapabilityAnnotation.namesIn(manifests));
        notes.add(new PlanningNote.Diagnosed(result.diagnostics()));
        if (result.diagnostics().hasErrors()) {
            return Optional.empty();
        }
        result.config().ifPresent(config -> notes.add(new PlanningNote.Said("capabilities: none given, so the "
                + "cluster's own apply (" + ClusterCapabilityStatus.KIND + "/" + ClusterCapabilityStatus.NAME
                + " status): " + config.enabled().size() + " enabled" + (config.disabled().isEmpty() ? ""
                        : ", disabled: " + String.join(", ", config.disabled())))));
        return result.config();
    }

    private static boolean refused(List<PlanningNote> notes) {
        return notes.stream().anyMatch(note -> note instanceof PlanningNote.Diagnosed diagnosed
                && diagnosed.diagnostics().hasErrors());
    }
}
