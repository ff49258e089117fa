package dev.bundlectl.executor.install;

import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.executor.ownership.InstallOwner;
import dev.bundlectl.executor.ownership.ObservedObject;
import dev.bundlectl.executor.ownership.OwnerStandings;
import dev.bundlectl.executor.ownership.OwnershipDecision;
import dev.bundlectl.executor.ownership.OwnershipJudge;
import dev.bundlectl.executor.records.ObjectRef;
import dev.bundlectl.plan.model.StepResource;
import dev.bundlectl.plan.planned.PlannedInstall;
import dev.bundlectl.plan.planned.PlannedStep;
import io.vertx.core.Future;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

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

    /**
     * The decision for every step of {@code planned} the install sends: the objects read
     * concurrently, then the installs their marks name looked up once each (docs/semantics.md §8,
     * "A stale owner is no owner"), then each object judged.
     */
    Future<OwnershipPlan> read(PlannedInstall planned, OwnershipJudge judge, InstallOwner owner) {
        Map<Integer, Future<ObservedObject>> reads = new LinkedHashMap<>();
        for (int index = 0; index < planned.steps().size(); index++) {
            PlannedStep step = planned.steps().get(index);
            if (OwnershipPlan.sends(step.step())) {
                reads.put(index, LiveObjects.read(connection.discovery(), connection.retryingApi(), step));
            }
        }
        List<Future<ObservedObject>> all = new ArrayList<>(reads.values());
        return Future.join(all).transform(done -> {
            Set<InstallOwner> ask = new LinkedHashSet<>();
            reads.forEach((index, seen) -> {
                if (seen.result() != null) {
                    ask.addAll(judge.ownersToAsk(refOf(planned, index), seen.result().owners()));
                }
            });
            return new OwnerStandings(connection.retryingApi()).gone(ask).map(gone -> {
                OwnershipJudge knowing = judge.knowing(gone);
                Map<Integer, OwnershipDecision> decisions = new LinkedHashMap<>();
                reads.forEach((index, seen) -> {
                    ObjectRef ref = refOf(planned, index);
                    OwnershipDecision decision = seen.result() == null ? null
                            : knowing.judge(ref, planned.steps().get(index).object(), seen.result(), null);
                    decisions.put(index, decision != null ? decision : knowing.unseen(ref));
                });
                return new OwnershipPlan(owner, decisions);
            });
        });
    }

    private static ObjectRef refOf(PlannedInstall planned, int index) {
        return ObjectRef.of(planned.steps().get(index).step().resource());
    }

}
