package dev.bundlectl.executor.uninstall;

import dev.bundlectl.cluster.discovery.Discovery;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.executor.ownership.InstallOwner;
import dev.bundlectl.executor.ownership.OwnerStandings;
import dev.bundlectl.executor.records.ClientErrors;
import dev.bundlectl.executor.records.CreatedObject;
import dev.bundlectl.executor.records.DeletedObject;
import dev.bundlectl.executor.records.InstallRecord;
import dev.bundlectl.executor.records.InstallRecordStore;
import dev.bundlectl.executor.records.ObjectRef;
import dev.bundlectl.executor.records.RecordEntry;
import dev.bundlectl.cluster.time.Scheduler;
import dev.bundlectl.executor.customresources.CrdContentsReader;
import dev.bundlectl.executor.customresources.CrdDeletionWait;
import dev.bundlectl.executor.customresources.CustomResourceSweep;
import dev.bundlectl.executor.customresources.SweepOutcome;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Removes everything a package's installs in a namespace own, whatever record names it: those of
 * earlier installs, of runs that never ended, of upgrades (docs/semantics.md §8, "Uninstall orphans
 * nothing"); then deletes every record of the package.
 *
 * <p>Every object any of the package's records lists as owned is a candidate, unless a newer record
 * deleted it. Each is read and decided on its owners ({@link Removals}): deleted when the install's
 * mark is on it and no other install owns it, released when another does, kept when it is a CRD
 * (unless asked), skipped when it is not the install's (replaced, taken over, never marked).
 * Objects go in reverse step order of the newest record that lists them. An OperatorGroup an
 * install created stays while another package is recorded in the namespace.
 *
 * <p>An Uninstaller serves one uninstall: the installs other marks name are looked up once each,
 * and a mark whose install is gone counts as no owner's, so that an object only gone installs
 * share with this one is deleted as its last owner would. The operator's cluster RBAC that gone
 * installs of the package left in their namespaces' names goes too ({@link LeftBehindRbac}).
 *
 * <p>Every object gets exactly one {@link DeletionResult}. A failure does not stop the others, and
 * the records are then kept, so that the uninstall can run again. Nothing blocks; the listener is
 * called on a Vert.x thread, once per object as soon as it is done, and must neither block nor
 * throw (if it throws, the uninstall stops there and the records are kept).
 */
public final class Uninstaller {

    /** How often the custom resources of CRDs about to go are listed while they go. */
    private static final Duration CUSTOM_RESOURCE_POLL = Duration.ofSeconds(1);

    private final KubeApi api;
    private final Vertx vertx;
    private final Discovery discovery;
    private final InstallRecordStore store;
    // One per uninstall: each owner namespace the objects' marks name is read once (docs/semantics.md §8).
    private final OwnerStandings standings;

    /**
     * @param api the API server, retrying transient failures
     * @param vertx whose timers pace the wait for custom resources to go
     * @param discovery where kinds are looked up when a record lacks their plural (it retries itself)
     * @param store where the records are read and deleted
     */
    public Uninstaller(KubeApi api, Vertx vertx, Discovery discovery, InstallRecordStore store) {
        this.api = Objects.requireNonNull(api, "api");
        this.vertx = Objects.requireNonNull(vertx, "vertx");
        this.discovery = Objects.requireNonNull(discovery, "discovery");
        this.store = Objects.requireNonNull(store, "store");
        this.standings = new OwnerStandings(api);
    }

    /**
     * Uninstalls the package {@code record} belongs to, as {@link #uninstall(String, String,
     * UninstallOptions, Consumer)}, with {@code record} among its records even if the store does not
     * list it (yet).
     */
    public Future<UninstallReport> uninstall(InstallRecord record, UninstallOptions options,
            Consumer<? super DeletionResult> onResult) {
        return plan(record.namespace(), record.packageName(), options, List.of(record))
                .compose(planned -> carryOut(planned, onResult, line -> { }));
    }

    /** Plans and carries out the uninstall of {@code packageName} in {@code namespace}. */
    public Future<UninstallReport> uninstall(String namespace, String packageName, UninstallOptions options,
            Consumer<? super DeletionResult> onResult) {
        return plan(namespace, packageName, options, List.of())
                .compose(planned -> carryOut(planned, onResult, line -> { }));
    }

    /**
     * Reads the package's records (with {@code known}, whether listed or not) and every object they
     * own, and decides each one's removal.
     */
    Future<PlannedRemovals> plan(String namespace, String packageName, UninstallOptions options,
            List<InstallRecord> known) {
        Objects.requireNonNull(options, "options");
        ObjectDeleter deleter = deleter(namespace, packageName, options);
        return store.list(namespace).compose(entries -> {
            List<InstallRecord> records = recordsOf(packageName, entries, known);
            List<CreatedObject> candidates = candidates(records);
            return new SharedOperatorGroups(store).keptBecause(namespace, packageName, candidates)
                    .compose(shared -> planEach(candidates, 0, deleter.keepingOperatorGroups(shared), new ArrayList<>())
                            .compose(removals -> new CrdContentsReader(api).read(PlannedRemovals.deletedCrds(removals))
                                    .map(contents -> new PlannedRemovals(namespace, packageName, records, candidates,
                                            removals, options, shared, null, contents))));
        });
    }

    /**
     * Plans the uninstall of a package whose namespace is being deleted or is gone
     * (docs/semantics.md §8, "When the namespace goes"): what is in the namespace goes with it, so
     * only what the install owns outside it is decided. The records are read if they still can be
     * (the namespace's deletion may have taken them, or the identity's rights there); {@code
     * alsoKnown} names objects the caller knows the install applied (the controller's copy of the
     * plan), which are decided by the marks on them.
     *
     * @param departed why the namespace counts as gone
     */
    Future<PlannedRemovals> planDeparting(String namespace, String packageName, UninstallOptions options,
            List<ObjectRef> alsoKnown, String departed) {
        Objects.requireNonNull(departed, "departed");
        ObjectDeleter deleter = deleter(namespace, packageName, options);
        return store.list(namespace).otherwise(List.of()).compose(entries -> {
            List<InstallRecord> records = recordsOf(packageName, entries, List.of());
            List<CreatedObject> candidates = new ArrayList<>(candidates(records));
            for (ObjectRef known : alsoKnown) {
                if (candidates.stream().noneMatch(candidate -> candidate.object().sameObjectAs(known))) {
                    candidates.add(new CreatedObject(known, null, null, null, null, "owned"));
                }
            }
            List<CreatedObject> outside = candidates.stream()
                    .filter(candidate -> !namespace.equals(candidate.object().namespace())).toList();
            return planEach(outside, 0, deleter, new ArrayList<>())
                    .compose(removals -> new CrdContentsReader(api).read(PlannedRemovals.deletedCrds(removals))
                            .map(contents -> new PlannedRemovals(namespace, packageName, records, outside, removals,
                                    options, "", departed, contents)));
        });
    }

    private ObjectDeleter deleter(String namespace, String packageName, UninstallOptions options) {
        return new ObjectDeleter(api, new ResourceLocator(discovery), new InstallOwner(namespace, packageName), options,
                standings);
    }

    /** The package's readable records among {@code entries}, with {@code known} ones not listed, newest first. */
    private static List<InstallRecord> recordsOf(String packageName, List<RecordEntry> entries,
            List<InstallRecord> known) {
        List<InstallRecord> records = new ArrayList<>();
        for (RecordEntry entry : entries) {
            if (entry instanceof RecordEntry.Readable readable && readable.record().packageName().equals(packageName)) {
                records.add(readable.record());
            }
        }
        for (InstallRecord record : known) {
            if (records.stream().noneMatch(listed -> listed.name().equals(record.name()))) {
                records.add(record);
            }
        }
        records.sort(java.util.Comparator.comparing(InstallRecord::startTime).reversed());
        return records;
    }

    /**
     * Carries out {@code planned}: first the custom resources of the CRDs it deletes, while the
     * operator still runs, waiting for them to go (and stopping there, everything else kept, when
     * some stay); then its removals, in order, CRDs last; then deletes the records unless one failed.
     *
     * @param onLine told (on a Vert.x thread) what each CRD holds and of each custom resource deleted
     */
    Future<UninstallReport> carryOut(PlannedRemovals planned, Consumer<? super DeletionResult> onResult,
            Consumer<String> onLine) {
        if (planned.crdContents().isEmpty()) {
            return carryOutRemovals(planned, onResult, onLine, null);
        }
        planned.crdContents().forEach(contents -> onLine.accept(contents.line()));
        return new CustomResourceSweep(api, vertx.getOrCreateContext(), Scheduler.system(),
                planned.options().customResourceTimeout(), CUSTOM_RESOURCE_POLL).sweep(planned.crdContents(), onLine)
                .compose(swept -> {
                    onLine.accept(swept.line());
                    return swept instanceof SweepOutcome.Stuck stuck
                            ? Future.succeededFuture(UninstallReport.customResourcesLeft(planned.namespace(),
                                    planned.packageName(), stuck))
                            : carryOutRemovals(planned, onResult, onLine, swept);
                });
    }

    private Future<UninstallReport> carryOutRemovals(PlannedRemovals planned, Consumer<? super DeletionResult> onResult,
            Consumer<String> onLine, SweepOutcome swept) {
        ObjectDeleter deleter = deleter(planned.namespace(), planned.packageName(), planned.options())
                .keepingOperatorGroups(planned.operatorGroupsKeptBecause());
        return carryEach(planned, 0, deleter, onResult, new ArrayList<>())
                .compose(results -> awaitDeletedCrds(planned, results, onLine).map(waited -> results))
                .compose(results -> new LeftBehindRbac(api, standings)
                        .remove(new InstallOwner(planned.namespace(), planned.packageName()))
                        .map(leftBehind -> {
                            leftBehind.forEach(onResult);
                            List<DeletionResult> all = new ArrayList<>(results);
                            all.addAll(leftBehind);
                            return all;
                        }))
                .compose(results -> disposeOf(planned, results)
                        .map(disposition -> new UninstallReport(planned.namespace(), planned.packageName(), results,
                                disposition, null, null, swept)));
    }

    /**
     * Waits for the CRDs the removals deleted to be gone (their finalizer ends their deletion), so
     * that the uninstall answers when the bundle can be installed again; a CRD still there when the
     * time is up is told on {@code onLine}.
     */
    private Future<Void> awaitDeletedCrds(PlannedRemovals planned, List<DeletionResult> results,
            Consumer<String> onLine) {
        List<CrdDeletionWait.Deleted> deleted = new ArrayList<>();
        for (int at = 0; at < results.size(); at++) {
            if (results.get(at) instanceof DeletionResult.Deleted
                    && planned.removals().get(at) instanceof Removal.Delete delete
                    && delete.object().customResourceDefinition()) {
                deleted.add(new CrdDeletionWait.Deleted(delete.type(), delete.object().name(), delete.uid()));
            }
        }
        return new CrdDeletionWait(api, vertx.getOrCreateContext(), Scheduler.system(),
                planned.options().customResourceTimeout(), CUSTOM_RESOURCE_POLL).await(deleted)
                .map(left -> {
                    left.forEach(onLine);
                    return null;
                });
    }

    /**
     * Every object a record of the package owns, once, in removal order: the newest record's first
     * (in reverse step order), then what only older ones list, and the CRDs after everything else.
     * An object a newer record deleted (an upgrade's deletion) is no candidate, unless a record
     * newer still owns it again.
     */
    static List<CreatedObject> candidates(List<InstallRecord> newestFirst) {
        List<CreatedObject> candidates = new ArrayList<>();
        List<ObjectRef> decided = new ArrayList<>();
        for (InstallRecord record : newestFirst) {
            for (CreatedObject owned : DeletionOrder.of(record)) {
                if (decided.stream().noneMatch(owned.object()::sameObjectAs)) {
                    decided.add(owned.object());
                    candidates.add(owned);
                }
            }
            for (DeletedObject deleted : record.deletedObjects()) {
                if (decided.stream().noneMatch(deleted.object()::sameObjectAs)) {
                    decided.add(deleted.object());
                }
            }
        }
        return DeletionOrder.crdsLast(candidates);
    }

    private Future<List<Removal>> planEach(List<CreatedObject> candidates, int index, ObjectDeleter deleter,
            List<Removal> removals) {
        if (index == candidates.size()) {
            return Future.succeededFuture(removals);
        }
        return deleter.plan(candidates.get(index)).compose(decided -> {
            removals.add(decided);
            return planEach(candidates, index + 1, deleter, removals);
        });
    }

    private Future<List<DeletionResult>> carryEach(PlannedRemovals planned, int index, ObjectDeleter deleter,
            Consumer<? super DeletionResult> onResult, List<DeletionResult> results) {
        if (index == planned.removals().size()) {
            return Future.succeededFuture(results);
        }
        return deleter.carryOut(planned.owned().get(index), planned.removals().get(index)).compose(result -> {
            results.add(result);
            onResult.accept(result);
            return carryEach(planned, index + 1, deleter, onResult, results);
        });
    }

    private Future<RecordDisposition> disposeOf(PlannedRemovals planned, List<DeletionResult> results) {
        String where = "package " + planned.packageName() + " in namespace " + planned.namespace();
        long failed = results.stream().filter(DeletionResult.Failed.class::isInstance).count();
        if (planned.departed() != null && failed == 0) {
            return Future.succeededFuture(new RecordDisposition(RecordDisposition.Kind.GO_WITH_NAMESPACE,
                    "the install records of " + where + ", and everything else in it, go with it: "
                            + planned.departed()));
        }
        if (planned.records().isEmpty()) {
            return Future.succeededFuture(new RecordDisposition(RecordDisposition.Kind.ALREADY_GONE,
                    "no install record of " + where));
        }
        if (failed > 0) {
            return Future.succeededFuture(new RecordDisposition(RecordDisposition.Kind.KEPT,
                    "the " + planned.records().size() + " install record(s) of " + where + " were kept because "
                            + failed + " object(s) could not be removed; run uninstall again to retry them"));
        }
        return deleteRecords(planned.records(), 0, 0).map(deleted -> deleted == 0
                        ? new RecordDisposition(RecordDisposition.Kind.ALREADY_GONE, "the install records of " + where
                                + " were already gone")
                        : new RecordDisposition(RecordDisposition.Kind.DELETED, deleted + " install record(s) of " + where
                                + " deleted"))
                .otherwise(error -> new RecordDisposition(RecordDisposition.Kind.DELETE_FAILED,
                        ClientErrors.describe(error)));
    }

    private Future<Integer> deleteRecords(List<InstallRecord> records, int index, int deleted) {
        if (index == records.size()) {
            return Future.succeededFuture(deleted);
        }
        InstallRecord record = records.get(index);
        return store.delete(record.namespace(), record.name())
                .compose(existed -> deleteRecords(records, index + 1, deleted + (existed ? 1 : 0)));
    }
}
