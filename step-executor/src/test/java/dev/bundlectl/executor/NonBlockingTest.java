package dev.bundlectl.executor;

import dev.bundlectl.plan.planned.PlannedInstall;
import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.executor.apply.ApplySettings;
import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.executor.testing.Await;
import dev.bundlectl.executor.testing.MockCluster;
import dev.bundlectl.executor.testing.RecordingListener;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.InstallPlanPhase;
import io.vertx.core.Context;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The executor never blocks an event loop: a whole install started from an event loop, on a
 * Vert.x instance whose blocked-thread checker is strict, completes without a single warning.
 * A blocking get() on an event loop would deadlock against the answers that loop must deliver,
 * and the checker would report it.
 */
class NonBlockingTest {

    private static final Logger CHECKER = Logger.getLogger("io.vertx.core.impl.BlockedThreadChecker");

    private final List<LogRecord> warnings = new ArrayList<>();
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord record) {
            synchronized (warnings) {
                warnings.add(record);
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    @BeforeEach
    void watchChecker() {
        CHECKER.addHandler(capture);
        CHECKER.setUseParentHandlers(false);
    }

    @AfterEach
    void stopWatching() {
        CHECKER.removeHandler(capture);
        CHECKER.setUseParentHandlers(true);
    }

    private static VertxOptions strict() {
        return new VertxOptions()
                .setBlockedThreadCheckInterval(100).setBlockedThreadCheckIntervalUnit(TimeUnit.MILLISECONDS)
                .setMaxEventLoopExecuteTime(1000).setMaxEventLoopExecuteTimeUnit(TimeUnit.MILLISECONDS);
    }

    private List<LogRecord> warnings() {
        synchronized (warnings) {
            return List.copyOf(warnings);
        }
    }

    @Test
    void aWholeInstallStartedOnAnEventLoopNeverBlocksIt() {
        try (MockCluster cluster = MockCluster.start()) {
            ClusterConnection connection = cluster.connect(strict());
            PlanApplier executor = new PlanApplier(connection);
            RecordingListener listener = new RecordingListener();
            ApplySettings options = ApplySettings.builder().crdPollInterval(Duration.ofMillis(20))
                    .backoff(Duration.ofMillis(10), Duration.ofMillis(50)).build();
            Promise<InstallPlan> done = Promise.promise();

            connection.vertx().runOnContext(onEventLoop -> {
                assertThat(Context.isOnEventLoopThread()).isTrue();
                executor.start(PlannedInstall.read(InstallFlowTest.bundlePlan()), options, listener).result().onComplete(done);
            });
            InstallPlan result = Await.result(done.future());

            assertThat(result.status().phase()).isEqualTo(InstallPlanPhase.COMPLETE);
            assertThat(listener.events()).isNotEmpty();
            assertThat(listener.allOnVertxThreads()).isTrue();
            assertThat(warnings()).extracting(LogRecord::getMessage).isEmpty();
        }
    }

    @Test
    void theCheckerThisTestReliesOnDoesReportABlockedEventLoop() {
        Vertx vertx = Vertx.vertx(strict());
        try {
            Promise<Void> blocked = Promise.promise();
            vertx.runOnContext(ignored -> {
                try {
                    Thread.sleep(1600);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                blocked.complete();
            });
            Await.result(blocked.future());
            assertThat(warnings()).isNotEmpty();
        } finally {
            Await.result(vertx.close());
        }
    }
}
