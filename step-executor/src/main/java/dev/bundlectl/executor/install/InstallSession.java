package dev.bundlectl.executor.install;

import dev.bundlectl.executor.connect.ClusterConnection;
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
import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.plan.payload.ReappearanceCheck;
import io.vertx.core.Future;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
     * Starts the install. Events are delivered on a Vert.x thread: the listener must not block.
     *
     * @param plan the plan, its steps' objects parsed
     * @param request where and how
     * @param previous the target's latest install, as planning read it: it decides whether this is
     *     a first install, and what the new record inherits; it is not read again
     * @param listener told about every step event
     * @return the outcome; fails with {@link InstallRejectedException} when the install could not
     *     start for a reason the user can fix, before anything was written
     */
    public Future<InstallOutcome> run(PlannedInstall plan, InstallRequest request, PreviousInstall previous,
            Consumer<StepEvent> listener) {
        boolean dryRun = request.options().dryRunServer();
        InstallRecord before = previous.record().orElse(null);
        return new NamespaceGuard(connection.retryingApi()).ensure(request.namespace(), request.createNamespace(), dryRun)
                .compose(ready -> preflight(plan, request))
                .compose(checked -> ServerPreflight.refused(checked.plan())
                        ? Future.succeededFuture(new InstallOutcome(checked.plan(), null, before == null, List.of()))
                        : execute(plan.withPlan(checked.plan()), request, before,
                                PreflightFindings.of(before, checked), listener));
    }

    /**
     * The plan as the server judged it in a dry run before anything is written (a real install's
     * first stage); a dry run, or {@code --no-preflight}, goes on as planned.
     */
    private Future<ServerPreflight.Checked> preflight(PlannedInstall plan, InstallRequest request) {
        ApplySettings options = request.options();
        ServerPreflight preflight = new ServerPreflight(new PlanApplier(connection), options.clock());
        if (options.dryRunServer()) {
            return Future.succeededFuture(ServerPreflight.Checked.unchecked(plan.plan()));
        }
        if (!options.preflight()) {
            // Without a preflight nothing says the objects are still as the last install left them.
            return Future.succeededFuture(ServerPreflight.Checked.unchecked(plan.plan().withCondition(preflight.skipped())));
        }
        return preflight.check(plan, options);
    }

    private Future<InstallOutcome> execute(PlannedInstall planned, InstallRequest request, InstallRecord previous,
            Map<Integer, PreflightFinding> found, Consumer<StepEvent> listener) {
        InstallPlan plan = planned.plan();
        boolean firstInstall = previous == null;
        boolean dryRun = request.options().dryRunServer();
        ApplySettings options = request.options().toBuilder().firstInstall(firstInstall).build();
        RecordOrigin origin = new RecordOrigin(request.namespace(), request.packageName(), request.bundlePath(),
                plan.metadata().annotations().get(PlanAnnotations.BUNDLE_DIGEST), dryRun, request.startTime());
        // A run the preflight found nothing to write for is recorded once, at its end.
        Future<SavedRecord> started = dryRun || PreflightFindings.leaveNothingToWrite(plan, found)
                ? Future.succeededFuture()
                : store.saveFirst(InstallRecord.fromPlan(installing(plan, request.startTime()), origin,
                        RecordInheritance.ownedObjects(previous, List.of(), List.of()), List.of(), previous));
        return started.compose(saved -> {
            RunningPlan execution = new PlanApplier(connection).start(planned, options, listener, found);
            return execution.result().compose(finished -> dryRun
                    ? Future.succeededFuture(new InstallOutcome(finished, null, firstInstall, List.of()))
                    : record(finished, execution, origin, previous, firstInstall));
        });
    }

    private Future<InstallOutcome> record(InstallPlan finished, RunningPlan execution, RecordOrigin origin,
            InstallRecord previous, boolean firstInstall) {
        Instant now = Instant.now();
        List<DeletedObject> deletedNow = deletedBy(finished, now);
        List<String> warnings = reappeared(previous, finished, execution.deletionsRequested());
        InstallPlan recorded = completedAt(finished, now);
        List<CreatedObject> created = createdBy(finished, execution.createdObjects());
        return store.save(InstallRecord.fromPlan(recorded, origin,
                        RecordInheritance.ownedObjects(previous, finished.steps(), created),
                        RecordInheritance.deletedObjects(previous, deletedNow), previous, execution.appliedStates()))
                .map(saved -> {
                    List<String> all = new ArrayList<>(warnings);
                    all.addAll(saved.warnings());
                    return new InstallOutcome(finished, saved, firstInstall, all);
                });
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

    /**
     * The objects the run created, in step order, with the identity the server gave each in its
     * answer; an object whose answer carried none is kept without it.
     */
    private static List<CreatedObject> createdBy(InstallPlan plan, Map<Integer, CreatedIdentity> identities) {
        List<CreatedObject> created = new ArrayList<>();
        List<Step> steps = plan.steps();
        for (int index = 0; index < steps.size(); index++) {
            if (steps.get(index).status() != StepStatus.CREATED) {
                continue;
            }
            CreatedIdentity identity = identities.get(index);
            created.add(identity == null
                    ? new CreatedObject(ObjectRef.of(steps.get(index).resource()), null, null, null, null)
                    : new CreatedObject(ObjectRef.of(steps.get(index).resource()), identity.plural(), identity.uid(),
                            identity.resourceVersion(), null));
        }
        return created;
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
