package dev.bundlectl.bench.install;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.bundlectl.executor.testing.Manifests;
import dev.bundlectl.plan.model.InstallPlan;
import io.vertx.core.Vertx;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs each strategy once, without added latency: counts and floors, never times. */
class InstallLatencyBenchTest {

    private final Vertx vertx = Vertx.vertx();

    @AfterEach
    void closeVertx() {
        vertx.close().toCompletionStage().toCompletableFuture().join();
    }

    @Test
    void everyStrategyInstallsTheWholeBundleThroughTheProxy(@TempDir Path dir) throws Exception {
        InstallPlan plan = BenchPlan.of(new SyntheticBundle().write(dir, 20), "bench");

        List<StrategyFigures> figures = new InstallLatencyBench(vertx).measure(plan,
                List.of(new ExecutorInstall(8), new ExecutorInstall(1), new OneByOneCreate()), Duration.ZERO, 0, 1);

        // The executor: 4 discovery GETs, 20 writes, and per CRD a read before it (the update
        // guards need the live CRD; 404 on a first install) and one after (Established).
        assertThat(figures.get(0).label()).isEqualTo("bundlectl executor, concurrency 8");
        assertThat(figures.get(0).requests()).isEqualTo("28");
        assertThat(figures.get(0).holds().count()).isEqualTo(28);
        // Foundation 4; rest: ceil(17 / 8) = 3 windows of writes (its discovery was prefetched).
        assertThat(figures.get(0).floorRounds()).isEqualTo(4 + 3);
        assertThat(figures.get(1).requests()).isEqualTo("28");
        // One by one: 28 requests, but the rest's 2 discovery GETs overlap the foundation's 9 rounds.
        assertThat(figures.get(1).floorRounds()).isEqualTo(9 + 17);
        // fabric8: 20 creates and one discovery GET for the CSV, the only kind it has no class for.
        assertThat(figures.get(2).requests()).isEqualTo("21");
        assertThat(figures.get(2).floorRounds()).isEqualTo(21);
    }

    @Test
    void aFailedInstallIsReportedNotTimed() {
        // The mock cluster does not serve monitoring.coreos.com: the required step fails.
        InstallPlan plan = Manifests.plan(Manifests.required(Manifests.csv(), true),
                Manifests.required(Manifests.serviceMonitor("metrics"), true));
        InstallTrial trial = new InstallTrial(vertx, Duration.ZERO);

        assertThatThrownBy(() -> trial.run(new ExecutorInstall(8), plan))
                .isInstanceOf(InstallFailedException.class)
                .hasMessageStartingWith("the install ended Failed: ServiceMonitor/operators/metrics: api-server resource"
                        + " not found");
        assertThatThrownBy(() -> trial.run(new OneByOneCreate(), plan))
                .isInstanceOf(InstallFailedException.class)
                .hasMessageStartingWith("creating ServiceMonitor/operators/metrics failed: ");
    }
}
