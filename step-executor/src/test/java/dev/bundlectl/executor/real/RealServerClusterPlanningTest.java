package dev.bundlectl.executor.real;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.executor.planning.ClusterPlan;
import dev.bundlectl.executor.planning.ClusterPlanning;
import dev.bundlectl.executor.planning.ClusterReading;
import dev.bundlectl.executor.planning.PlanTarget;
import dev.bundlectl.executor.records.InstallRecordStore;
import dev.bundlectl.executor.records.TestPlans;
import dev.bundlectl.executor.testing.Await;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.plan.payload.InstallHistory;
import io.vertx.core.Context;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@link ClusterPlanning} on a real API server: it reads what the cluster serves and the target's
 * latest install record once, and hands both to the planner, which runs once and off the event loop.
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerClusterPlanningTest {

    private static final Instant T0 = Instant.parse("2025-03-01T10:00:00Z");

    /** What the planner saw, and on which kind of thread. */
    private record Seen(ClusterReading reading, boolean onEventLoop) {
    }

    private static ClusterPlan<Seen> plan(ClusterConnection connection, String ns, List<Seen> calls) {
        return Await.result(new ClusterPlanning(connection).plan(new PlanTarget(ns, TestPlans.PACKAGE, false), List.of(),
                Optional.empty(), null, Duration.ofSeconds(10), reading -> {
                    Seen seen = new Seen(reading, Context.isOnEventLoopThread());
                    calls.add(seen);
                    return seen;
                }));
    }

    @Test
    void aTargetWithoutRecordsIsPlannedAsAFirstInstallAgainstWhatTheClusterServes(RealApiServer server) {
        String ns = server.newNamespace("first");
        List<Seen> calls = new CopyOnWriteArrayList<>();

        ClusterPlan<Seen> planned = plan(server.connect(), ns, calls);

        assertThat(calls).hasSize(1);
        assertThat(planned.result()).containsSame(calls.get(0));
        assertThat(calls.get(0).onEventLoop()).isFalse();
        ClusterReading reading = planned.reading();
        assertThat(reading.history()).isEqualTo(InstallHistory.FIRST_INSTALL);
        assertThat(reading.previous().record()).isEmpty();
        assertThat(reading.served().find("", "v1", "ConfigMap")).isPresent();
        assertThat(reading.served().find("apps", "v1", "Deployment")).isPresent();
        assertThat(reading.capabilities()).isEmpty();
        assertThat(reading.refused()).isFalse();
    }

    @Test
    void aTargetWithARecordIsPlannedAsAnUpdateAndTheReadingCarriesThatRecord(RealApiServer server) {
        String ns = server.newNamespace("update");
        ClusterConnection connection = server.connect();
        Await.result(new InstallRecordStore(connection.retryingApi()).save(TestPlans.record(ns, T0)));
        List<Seen> calls = new CopyOnWriteArrayList<>();

        ClusterPlan<Seen> planned = plan(connection, ns, calls);

        assertThat(calls).hasSize(1);
        assertThat(calls.get(0).reading().history()).isEqualTo(InstallHistory.UPDATE);
        assertThat(planned.reading().previous().record()).contains(TestPlans.record(ns, T0));
    }
}
