package dev.bundlectl.executor.install;

import dev.bundlectl.executor.connect.ClusterConnection;
import dev.bundlectl.executor.ownership.InstallOwner;
import dev.bundlectl.executor.ownership.ObservedObject;
import dev.bundlectl.executor.ownership.OwnershipDecision;
import dev.bundlectl.executor.ownership.OwnershipJudge;
import dev.bundlectl.executor.records.ObjectRef;
import dev.bundlectl.plan.model.StepResource;
import dev.bundlectl.plan.planned.PlannedInstall;
import dev.bundlectl.plan.planned.PlannedStep;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The install's ownership of each object when no dry run shows it ({@code --no-preflight}): each
 * object it sends is read, and judged as the preflight would judge it, so that an object the user
 * made stays the user's and another install's is refused before anything is written, with or
 * without a preflight (docs/semantics.md §8). An object that cannot be read (missing, of a type
 * not served yet, refused, or not answered) is judged from the record alone: the install's own
 * write then creates it, or meets the refusal.
 */
final class OwnershipReading {

    private final ClusterConnection connection;

    OwnershipReading(ClusterConnection connection) {
        this.connection = Objects.requireNonNull(connection, "connection");
    }

    /** The decision for every step of {@code planned} the install sends, read concurrently. */
    Future<OwnershipPlan> read(PlannedInstall planned, OwnershipJudge judge, InstallOwner owner) {
        Map<Integer, Future<OwnershipDecision>> reads = new LinkedHashMap<>();
        for (int index = 0; index < planned.steps().size(); index++) {
            PlannedStep step = planned.steps().get(index);
            if (OwnershipPlan.sends(step.step())) {
                reads.put(index, decide(step, judge));
            }
        }
        List<Future<OwnershipDecision>> all = new ArrayList<>(reads.values());
        return Future.join(all).transform(done -> {
            Map<Integer, OwnershipDecision> decisions = new LinkedHashMap<>();
            reads.forEach((index, decision) -> decisions.put(index, decision.result()));
            return Future.succeededFuture(new OwnershipPlan(owner, decisions));
        });
    }

    private Future<OwnershipDecision> decide(PlannedStep step, OwnershipJudge judge) {
        StepResource resource = step.step().resource();
        ObjectRef ref = ObjectRef.of(resource);
        return connection.discovery().find(Objects.toString(resource.group(), ""), resource.version(), resource.kind())
                .compose(type -> type.isEmpty() ? Future.<ObservedObject>succeededFuture(null)
                        : connection.retryingApi().get(type.get(), type.get().namespaced() ? resource.namespace() : null,
                                resource.name()).map(live -> ObservedObject.of(live, false)))
                // Unread is not refused: the write meets whatever kept it from being read.
                .otherwise(unread -> null)
                .map(seen -> {
                    OwnershipDecision decision = seen == null ? null : judge.judge(ref, step.object(), seen, null);
                    return decision != null ? decision : judge.unseen(ref);
                });
    }
}
