package dev.bundlectl.executor.diff;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.cluster.discovery.Discovery;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.executor.PlanApplier;
import dev.bundlectl.executor.RunningPlan;
import dev.bundlectl.executor.apply.ApplySettings;
import dev.bundlectl.executor.install.LiveObjects;
import dev.bundlectl.executor.install.ServerPreflight;
import dev.bundlectl.executor.ownership.InstallOwner;
import dev.bundlectl.executor.ownership.ObservedObject;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepAction;
import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.plan.planned.PlannedInstall;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Computes what installing a plan would change, without writing anything: the install's own
 * server-side dry run ({@link ServerPreflight#dryRun}, the preflight's request, so each object is
 * what the install would send, applied as the install's package's field manager), and one GET of
 * each object it would update or delete. Every step's outcome is a {@link StepDiff}; nothing here
 * blocks, and the answer's future never fails for a step: a step that cannot be compared is
 * {@link StepDiff.NotDiffable}, with the reason.
 *
 * <pre>{@code
 * PlanDiff diff = Blocking.result(new PlanDiffer(connection).diff(planned, settings, owner)); // not on an event loop
 * String text = UnifiedDiffText.render(diff, DiffRendering.full());
 * }</pre>
 */
public final class PlanDiffer {

    private final PlanApplier applier;
    private final KubeApi reads;
    private final Discovery discovery;

    /** A differ on {@code connection}: dry runs through its executor, reads with its retries. */
    public PlanDiffer(ClusterConnection connection) {
        this(new PlanApplier(connection), connection.retryingApi());
    }

    /** A differ on explicit parts: {@code reads} reads the live objects. */
    public PlanDiffer(PlanApplier applier, KubeApi reads) {
        this.applier = Objects.requireNonNull(applier, "applier");
        this.reads = Objects.requireNonNull(reads, "reads");
        this.discovery = applier.discovery();
    }

    /**
     * What installing {@code planned} as {@code owner} would change.
     *
     * @param planned the plan, as {@code plan --kubeconfig} made it against this cluster
     * @param options how the dry run is sent ({@code firstInstall} as for the install; it is sent
     *     as a dry run whatever {@code dryRunServer} says)
     * @param owner the install the plan is for (its namespace and package)
     * @return one {@link StepDiff} per step, in plan order; fails only on a bug
     */
    public Future<PlanDiff> diff(PlannedInstall planned, ApplySettings options, InstallOwner owner) {
        RunningPlan dryRun = ServerPreflight.dryRun(applier, planned, options, owner, event -> { });
        return dryRun.result().compose(judged -> {
            List<Future<StepDiff>> steps = new ArrayList<>();
            for (int index = 0; index < planned.steps().size(); index++) {
                steps.add(stepDiff(planned.plan(), judged, dryRun, index));
            }
            return Future.all(steps).map(done -> new PlanDiff(steps.stream().map(Future::result).toList()));
        });
    }

    private Future<StepDiff> stepDiff(InstallPlan plan, InstallPlan judged, RunningPlan dryRun, int index) {
        Step step = plan.steps().get(index);
        DiffSubject subject = DiffSubject.of(step.resource());
        if (step.status().isNeverSent()) {
            return done(new StepDiff.NotDiffable(subject, StepDiff.Cause.NOT_SENT, "not sent: "
                    + step.status().wireName() + (step.message() == null ? "" : ": " + step.message())));
        }
        if (step.action() == StepAction.KEEP) {
            return done(new StepDiff.Unchanged(subject));
        }
        if (step.action() == StepAction.DELETE) {
            return LiveObjects.get(discovery, reads, step.resource()).map(live -> live == null
                    ? new StepDiff.Unchanged(subject)
                    : (StepDiff) new StepDiff.Deleted(subject, SecretValues.redacted(subject,
                            ObjectNormalisation.normalised(live))))
                    .otherwise(error -> unreadable(subject, error));
        }
        ObjectNode answer = dryRun.dryRunAnswers().get(index);
        if (answer == null) {
            return done(unanswered(subject, judged.steps().get(index), dryRun, index));
        }
        ObjectNode planned = ObjectNormalisation.normalised(answer);
        ObservedObject seen = dryRun.observedObjects().get(index);
        if (seen != null && seen.created()) {
            return done(new StepDiff.Created(subject, SecretValues.redacted(subject, planned)));
        }
        return LiveObjects.get(discovery, reads, step.resource()).map(live -> compared(subject, live, planned))
                .otherwise(error -> unreadable(subject, error));
    }

    /** A step the dry run sent no object back for. */
    private static StepDiff unanswered(DiffSubject subject, Step judged, RunningPlan dryRun, int index) {
        if (dryRun.foundExisting().contains(index)) {
            // A create-only object (a CSV) that exists is left as it is.
            return new StepDiff.Unchanged(subject);
        }
        String message = Objects.toString(judged.message(), "no answer");
        if (judged.status() == StepStatus.FAILED && !dryRun.unavailableSteps().contains(index)) {
            return new StepDiff.NotDiffable(subject, StepDiff.Cause.REFUSED, "refused by the server's dry run: "
                    + message);
        }
        return new StepDiff.NotDiffable(subject, StepDiff.Cause.NOT_JUDGED, "not judged by the server's dry run: "
                + message);
    }

    private static StepDiff compared(DiffSubject subject, ObjectNode live, ObjectNode planned) {
        if (live == null) {
            return new StepDiff.Created(subject, SecretValues.redacted(subject, planned));
        }
        ObjectNode[] sides = SecretValues.redactedPair(subject, ObjectNormalisation.normalised(live), planned);
        return sides[0].equals(sides[1]) ? new StepDiff.Unchanged(subject)
                : new StepDiff.Changed(subject, sides[0], sides[1]);
    }

    private static StepDiff unreadable(DiffSubject subject, Throwable error) {
        return new StepDiff.NotDiffable(subject, StepDiff.Cause.UNREADABLE, "cannot read the live object: "
                + error.getMessage());
    }

    private static Future<StepDiff> done(StepDiff diff) {
        return Future.succeededFuture(diff);
    }
}
