package dev.bundlectl.executor.install;

import dev.bundlectl.executor.access.AccessReview;
import dev.bundlectl.executor.access.MissingAccess;
import dev.bundlectl.executor.access.OperationAccess;
import dev.bundlectl.executor.access.PermissionCheck;
import dev.bundlectl.executor.access.RequiredAccess;
import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.executor.lock.LockState;
import dev.bundlectl.executor.ownership.InstallOwner;
import dev.bundlectl.executor.ownership.ObservedObject;
import dev.bundlectl.executor.ownership.OwnershipJudge;
import dev.bundlectl.executor.ownership.PreviousOwnership;
import dev.bundlectl.executor.CreatedIdentity;
import dev.bundlectl.executor.RunningPlan;
import dev.bundlectl.executor.apply.ApplySettings;
import dev.bundlectl.executor.StepEvent;
import dev.bundlectl.executor.PlanApplier;
import dev.bundlectl.executor.apply.PreflightFinding;
import dev.bundlectl.executor.records.CreatedObject;
import dev.bundlectl.executor.records.DeletedObject;
import dev.bundlectl.executor.records.InstallRecord;
import dev.bundlectl.executor.records.InstallRecordStore;
import dev.bundlectl.executor.records.ObjectRef;
import dev.bundlectl.executor.records.RecordInheritance;
import dev.bundlectl.executor.records.RecordOrigin;
import dev.bundlectl.executor.records.SavedRecord;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.planned.PlannedInstall;
import dev.bundlectl.executor.records.PreviousInstall;
import dev.bundlectl.plan.model.InstallPlanPhase;
import dev.bundlectl.plan.PlanAnnotations;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepAction;
import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.plan.payload.ReappearanceCheck;
import io.vertx.core.Future;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Runs one install: checks the namespace, records the run before and after, executes the plan,
 * and reads back what it created. A dry run stores nothing.
 */
public final class InstallSession {

    private final ClusterConnection connection;
    private final InstallRecordStore store;

    public InstallSession(ClusterConnection connection, InstallRecordStore store) {
        this.connection = connection;
        this.store = store;
    }

    /**
     * Starts an install that takes no lock (tests, and embedders that serialise installs themselves).
     *
     * @see #run(PlannedInstall, InstallRequest, PreviousInstall, LockState, Consumer)
     */
    public Future<InstallOutcome> run(PlannedInstall plan, InstallRequest request, PreviousInstall previous,
            Consumer<StepEvent> listener) {
        return run(plan, request, previous, null, listener);
    }

    /**
     * Starts the install. Events are delivered on a Vert.x thread: the listener must not block.
     *
     * @param plan the plan, its steps' objects parsed
     * @param request where and how
     * @param previous the target's latest install, as planning read it: it decides whether this is
     *     a first install, and what the new record inherits; it is not read again
     * @param lock the lock of the package's operations as planning read it: the install takes it
     *     from that state before its first write, and releases it when it ends; null takes no lock
     * @param listener told about every step event
     * @return the outcome; fails with {@link InstallRejectedException} when the install could not
     *     start for a reason the user can fix, before anything was written
     */
    public Future<InstallOutcome> run(PlannedInstall plan, InstallRequest request, PreviousInstall previous,
            LockState lock, Consumer<StepEvent> listener) {
        InstallOwner owner = request.owner();
        InstallRequest asOwner = request.withOptions(request.options().toBuilder().owner(owner).build());
        InstallRecord before = previous.record().orElse(null);
        OwnershipJudge judge = new OwnershipJudge(owner, PreviousOwnership.of(before), request.takeOwnership(),
                request.unmarked());
        PermissionCheck permissions = new PermissionCheck(new AccessReview(connection.retryingApi()),
                connection.discovery(), connection.identity().describe());
        return ready(plan, asOwner, permissions).compose(answers -> {
            if (!answers.denied().isEmpty() && answers.denied().stream()
                    .anyMatch(need -> need.request().resource().equals("namespaces"))) {
                // Nothing can be judged in a namespace that cannot be made: what is known is said now.
                return Future.succeededFuture(forbidden(plan.plan(), permissions.report(operation(request), answers,
                        plan, Map.of()), before));
            }
            if (asOwner.options().dryRunServer()) {
                return dryRun(plan, asOwner, answers, permissions, judge, before == null, listener);
            }
            return preflight(plan, asOwner, judge).compose(checked -> judge(plan, request, answers, permissions, checked)
                    .compose(missing -> {
                        if (!missing.isEmpty()) {
                            return Future.succeededFuture(forbidden(checked.plan(), missing, before));
                        }
                        if (checked.refused()) {
                            return Future.succeededFuture(new InstallOutcome(checked.plan(), null, before == null,
                                    List.of()));
                        }
                        return new InstallLock(connection, lock, request, checked.plan()).around(() ->
                                execute(plan.withPlan(checked.plan()), asOwner, before, checked, listener));
                    }));
        });
    }

    /**
     * The install's own requests asked about (its records; a namespace to create), while the
     * namespace is looked at; fails when the namespace is missing and was not to be created.
     */
    private Future<AccessReview.AccessAnswers> ready(PlannedInstall plan, InstallRequest request,
            PermissionCheck permissions) {
        boolean dryRun = request.options().dryRunServer();
        NamespaceGuard guard = new NamespaceGuard(connection.retryingApi());
        Future<AccessReview.AccessAnswers> operation = dryRun ? Future.succeededFuture(AccessReview.AccessAnswers.none())
                : operationNeeds(plan, request).compose(permissions::ask);
        Future<Boolean> exists = guard.exists(request.namespace());
        return Future.all(operation, exists).compose(both -> {
            if (exists.result()) {
                return operation;
            }
            if (!request.createNamespace()) {
                return Future.failedFuture(NamespaceGuard.missing(request.namespace()));
            }
            return permissions.ask(OperationAccess.namespaceCreation(request.namespace())).compose(creation -> {
                AccessReview.AccessAnswers answers = operation.result().and(creation);
                // A dry run persists nothing, so the namespace is only checked, not created.
                return !creation.denied().isEmpty() || dryRun ? Future.succeededFuture(answers)
                        : guard.create(request.namespace()).map(answers);
            });
        });
    }

    /** The install's own requests: its records, and the reads its planning made where the cluster serves them. */
    private Future<List<RequiredAccess>> operationNeeds(PlannedInstall plan, InstallRequest request) {
        return OperationAccess.forInstall(connection.discovery(), request.namespace(), request.packageName(),
                !plan.plan().status().dependencies().isEmpty());
    }

    /**
     * What the identity lacks, from the answers so far and the preflight: the requests of each
     * step the dry run refused, or of every step when no dry run judged them.
     */
    private Future<MissingAccess> judge(PlannedInstall plan, InstallRequest request,
            AccessReview.AccessAnswers answers, PermissionCheck permissions, ServerPreflight.Checked checked) {
        List<Integer> steps = checked.judged() ? checked.unaccepted() : sentSteps(plan.plan());
        return permissions.askForSteps(plan, steps)
                .map(stepAnswers -> permissions.report(operation(request), answers.and(stepAnswers), plan,
                        checked.forbidden()));
    }

    /**
     * {@code --dry-run=server}: the plan's every step as the server judges it (as the preflight
     * sends it), nothing stored, what the identity lacks, and which objects another install owns.
     */
    private Future<InstallOutcome> dryRun(PlannedInstall plan, InstallRequest request, AccessReview.AccessAnswers answers,
            PermissionCheck permissions, OwnershipJudge judge, boolean firstInstall, Consumer<StepEvent> listener) {
        ApplySettings options = request.options().toBuilder().firstInstall(firstInstall).build();
        PlanApplier applier = new PlanApplier(connection);
        RunningPlan execution = ServerPreflight.dryRun(applier, plan, options, request.owner(), listener);
        return execution.result().compose(finished -> Future.all(permissions.askForSteps(plan,
                        ServerPreflight.unacceptedSteps(plan.plan(), finished, execution.unavailableSteps())),
                        ServerPreflight.conflictOwnersRead(applier, plan, execution, judge))
                .map(both -> {
                    AccessReview.AccessAnswers stepAnswers = both.resultAt(0);
                    MissingAccess missing = permissions.report(operation(request), answers.and(stepAnswers), plan,
                            execution.forbiddenSteps());
                    InstallPlan judged = ServerPreflight.ownershipOf(plan, finished, execution, both.resultAt(1), judge,
                            request.owner()).refusing(finished);
                    return missing.isEmpty() ? new InstallOutcome(judged, null, firstInstall, List.of())
                            : new InstallOutcome(judged.withCondition(AccessCondition.of(missing, Instant.now())),
                                    null, firstInstall, List.of(), missing, null);
                }));
    }

    /** The outcome of an install the identity's rights stopped before anything was written. */
    private static InstallOutcome forbidden(InstallPlan plan, MissingAccess missing, InstallRecord before) {
        InstallPlan.Status status = plan.status();
        String now = Instant.now().toString();
        InstallPlan refused = plan.withStatus(new InstallPlan.Status(InstallPlanPhase.FAILED, status.conditions(),
                status.plan(), status.startTime(), now, missing.headline(), status.capabilities(), status.dependencies()))
                .withCondition(AccessCondition.of(missing, Instant.now()));
        return new InstallOutcome(refused, null, before == null, List.of(), missing, null);
    }

    private static String operation(InstallRequest request) {
        return "install " + request.packageName() + " in namespace " + request.namespace();
    }

    /** The steps an install sends: all but those it never sends and the objects an upgrade keeps. */
    private static List<Integer> sentSteps(InstallPlan plan) {
        List<Integer> sent = new ArrayList<>();
        for (int index = 0; index < plan.steps().size(); index++) {
            Step step = plan.steps().get(index);
            if (!step.status().isNeverSent() && step.action() != StepAction.KEEP) {
                sent.add(index);
            }
        }
        return sent;
    }

    /**
     * The plan as the server judged it in a dry run before anything is written (a real install's
     * first stage), with the install's ownership of each object; {@code --no-preflight} goes on as
     * planned, its ownership of each object read from the object itself.
     */
    private Future<ServerPreflight.Checked> preflight(PlannedInstall plan, InstallRequest request, OwnershipJudge judge) {
        ApplySettings options = request.options();
        ServerPreflight preflight = new ServerPreflight(new PlanApplier(connection), options.clock());
        if (!options.preflight()) {
            // Without a preflight nothing says the objects are still as the last install left them,
            // but whose they are is still read: an object another install owns is refused here too.
            return new OwnershipReading(connection).read(plan, judge, request.owner())
                    .map(ownership -> ServerPreflight.Checked.unchecked(
                            ownership.refusing(plan.plan().withCondition(preflight.skipped())), ownership));
        }
        return preflight.check(plan, options, judge, request.owner());
    }

    private Future<InstallOutcome> execute(PlannedInstall planned, InstallRequest request, InstallRecord previous,
            ServerPreflight.Checked checked, Consumer<StepEvent> listener) {
        InstallPlan plan = planned.plan();
        OwnershipPlan ownership = checked.ownership();
        Map<Integer, PreflightFinding> found = PreflightFindings.of(previous, checked);
        boolean firstInstall = previous == null;
        ApplySettings options = request.options().toBuilder().firstInstall(firstInstall).build();
        RecordOrigin origin = new RecordOrigin(request.namespace(), request.packageName(), request.bundlePath(),
                plan.metadata().annotations().get(PlanAnnotations.BUNDLE_DIGEST), false, request.startTime());
        List<CreatedObject> previouslyOwned = previous == null ? List.of() : previous.createdObjects();
        // A run the preflight found nothing to write for is recorded once, at its end. The first save
        // owns what is about to be created, so that a run that never ends leaves nothing unowned.
        Future<SavedRecord> started = PreflightFindings.leaveNothingToWrite(plan, found) && !ownership.rewritesFieldsFirst()
                ? Future.succeededFuture()
                : store.saveFirst(InstallRecord.fromPlan(installing(plan, request.startTime()), origin,
                        ownership.aboutToOwn(plan, previouslyOwned), List.of(), previous));
        return started.compose(saved -> new OwnershipTransfers(connection, ownership).run(planned))
                .compose(transferWarnings -> {
                    RunningPlan execution = new PlanApplier(connection).start(planned, options, listener, found,
                            ownership.listings(planned));
                    return execution.result().compose(finished -> record(ownership.noted(finished), execution,
                            checked, ownership, origin, previous, firstInstall, transferWarnings));
                });
    }

    private Future<InstallOutcome> record(InstallPlan finished, RunningPlan execution, ServerPreflight.Checked checked,
            OwnershipPlan ownership, RecordOrigin origin, InstallRecord previous, boolean firstInstall,
            List<String> earlierWarnings) {
        Instant now = Instant.now();
        List<DeletedObject> deletedNow = deletedBy(finished, now);
        List<String> warnings = new ArrayList<>(earlierWarnings);
        warnings.addAll(reappeared(previous, finished, execution.deletionsRequested()));
        InstallPlan recorded = completedAt(finished, now);
        Map<Integer, ObservedObject> seen = new HashMap<>(checked.observed());
        seen.putAll(execution.observedObjects());
        Map<Integer, CreatedIdentity> created = execution.createdObjects();
        List<CreatedObject> owned = ownership.owned(finished, seen,
                index -> created.containsKey(index) ? created.get(index).plural() : null,
                previous == null ? List.of() : previous.createdObjects());
        return store.save(InstallRecord.fromPlan(recorded, origin, owned,
                        RecordInheritance.deletedObjects(previous, deletedNow), previous, execution.appliedStates()))
                .compose(saved -> new TakeoverNotes(store).tell(finished, ownership, now).map(notes -> {
                    List<String> all = new ArrayList<>(warnings);
                    all.addAll(saved.warnings());
                    all.addAll(notes);
                    return new InstallOutcome(finished, saved, firstInstall, all);
                }));
    }

    /**
     * The plan with a completion time as precise as the record's start time: the plan's own is
     * RFC 3339 to the second, which would make short installs appear to end before they began.
     */
    private static InstallPlan completedAt(InstallPlan plan, Instant completion) {
        InstallPlan.Status status = plan.status();
        return plan.withStatus(new InstallPlan.Status(status.phase(), status.conditions(), status.plan(),
                status.startTime(), completion.toString(), status.message(), status.capabilities(), status.dependencies()));
    }

    private static InstallPlan installing(InstallPlan plan, Instant startTime) {
        InstallPlan.Status status = plan.status();
        return plan.withStatus(new InstallPlan.Status(InstallPlanPhase.INSTALLING, status.conditions(), status.plan(),
                startTime.toString(), null, "installing", status.capabilities(), status.dependencies()));
    }

    private static List<DeletedObject> deletedBy(InstallPlan plan, Instant when) {
        List<DeletedObject> deleted = new ArrayList<>();
        for (Step step : plan.steps()) {
            if (step.status() == StepStatus.DELETED) {
                deleted.add(new DeletedObject(ObjectRef.of(step.resource()), when));
            }
        }
        return deleted;
    }

    /** The CVO's warning for each object an earlier run deleted that this run found again and deleted. */
    private static List<String> reappeared(InstallRecord previous, InstallPlan plan, Set<Integer> deletionsRequested) {
        if (previous == null) {
            return List.of();
        }
        List<ObjectRef> foundAgain = deletionsRequested.stream().sorted()
                .map(index -> ObjectRef.of(plan.steps().get(index).resource()))
                .toList();
        return previous.deletedObjects().stream()
                .filter(deleted -> foundAgain.stream().anyMatch(deleted.object()::sameObjectAs))
                .map(deleted -> ReappearanceCheck.message(new dev.bundlectl.plan.payload.PreviouslyDeleted(
                        deleted.object().group(), deleted.object().kind(), deleted.object().namespace(),
                        deleted.object().name(), deleted.deletedAt())))
                .toList();
    }
}
