package dev.bundlectl.executor.real;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.bundle.Bundle;
import dev.bundlectl.bundle.read.BundleReader;
import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.cluster.connect.Impersonation;
import dev.bundlectl.executor.StepEvent;
import dev.bundlectl.executor.apply.ApplySettings;
import dev.bundlectl.executor.lock.Acquisition;
import dev.bundlectl.executor.lock.HeldLock;
import dev.bundlectl.executor.lock.LockState;
import dev.bundlectl.executor.lock.LockTarget;
import dev.bundlectl.executor.lock.PackageLock;
import dev.bundlectl.executor.pipeline.InstallPipeline;
import dev.bundlectl.executor.pipeline.InstallSettings;
import dev.bundlectl.executor.pipeline.PipelineListener;
import dev.bundlectl.executor.pipeline.PipelineOutcome;
import dev.bundlectl.executor.pipeline.PipelinePlan;
import dev.bundlectl.executor.pipeline.PlanSettings;
import dev.bundlectl.executor.pipeline.RunningWait;
import dev.bundlectl.executor.planning.BundlePlanSettings;
import dev.bundlectl.executor.planning.BundlePlanning;
import dev.bundlectl.executor.planning.PlanTarget;
import dev.bundlectl.executor.records.InstallRecordStore;
import dev.bundlectl.executor.testing.Await;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.plan.CsvMode;
import dev.bundlectl.plan.OptionalApis;
import dev.bundlectl.plan.model.InstallPlanPhase;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@link InstallPipeline}, the one install ordering of the command line and the controller, on a
 * real API server: a plan installs and is recorded; a lock another operation holds, whether planning
 * saw it (answered before access is asked or a step sent) or it was taken after, and an identity
 * without rights each stop the install with nothing written, not even a record; a dry run judges the
 * plan whoever holds the lock; an unconnected version is refused at planning unless forced.
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerInstallPipelineTest {

    private static final Path BUNDLE = Path.of("../samples/bundles/cachebox-operator");
    private static final String PACKAGE = "cachebox-operator";
    private static final String OTHER = "build-7/pid 4242";

    @Test
    void aPlanWithTheLockFreeIsInstalledAndRecorded(RealApiServer server) {
        String ns = server.newNamespace("pipeline-free");
        InstallPipeline pipeline = new InstallPipeline(server.connect());
        PipelinePlan.Planned planned = planned(pipeline, ns);
        List<StepEvent> events = new CopyOnWriteArrayList<>();

        PipelineOutcome outcome = Await.result(pipeline.install(planned.result().planned(), planned.reading(),
                settings(ns, false), listener(events)));

        assertThat(outcome).isInstanceOfSatisfying(PipelineOutcome.Applied.class, applied -> {
            assertThat(applied.outcome().plan().status().phase()).isEqualTo(InstallPlanPhase.COMPLETE);
            assertThat(applied.outcome().record()).isNotNull();
            assertThat(applied.waited()).as("not asked to wait").isEmpty();
        });
        assertThat(events).isNotEmpty();
        assertThat(recorded(server, ns)).isTrue();
        assertThat(defaultsConfigMap(server, ns)).isTrue();
        assertThat(Await.result(lock(server, ns).read())).as("released at the end").isInstanceOf(LockState.Free.class);
    }

    @Test
    void aLockHeldWhenPlanningReadItStopsTheInstallBeforeAnythingIsSent(RealApiServer server) {
        String ns = server.newNamespace("pipeline-held");
        HeldLock theirs = takeLock(server, ns);
        ClusterConnection admin = server.connect();
        PipelinePlan.Planned planned = planned(new InstallPipeline(admin), ns);
        assertThat(planned.reading().lock()).isInstanceOf(LockState.Held.class);
        List<StepEvent> events = new CopyOnWriteArrayList<>();
        // An identity without rights: had anything been asked or sent (access, preflight), it would be Forbidden.
        InstallPipeline asNobody = new InstallPipeline(admin.actingAs(Impersonation.serviceAccount(ns, "nobody")));

        PipelineOutcome outcome = Await.result(asNobody.install(planned.result().planned(), planned.reading(),
                settings(ns, false), listener(events)));

        assertThat(outcome).isInstanceOfSatisfying(PipelineOutcome.LockHeld.class, held ->
                assertThat(held.lock()).isInstanceOfSatisfying(LockState.Held.class,
                        state -> assertThat(state.holder().identity()).isEqualTo(OTHER)));
        assertThat(events).as("no step was sent, not even in a preflight").isEmpty();
        assertThat(recorded(server, ns)).isFalse();
        assertThat(defaultsConfigMap(server, ns)).isFalse();
        Await.result(theirs.release());
    }

    @Test
    void aDryRunJudgesThePlanWhoeverHoldsTheLock(RealApiServer server) {
        String ns = server.newNamespace("pipeline-dry");
        HeldLock theirs = takeLock(server, ns);
        InstallPipeline pipeline = new InstallPipeline(server.connect());
        PipelinePlan.Planned planned = planned(pipeline, ns);

        PipelineOutcome outcome = Await.result(pipeline.install(planned.result().planned(), planned.reading(),
                dryRun(settings(ns, true)), PipelineListener.NONE));

        assertThat(outcome).isInstanceOfSatisfying(PipelineOutcome.Applied.class, applied -> {
            assertThat(applied.outcome().record()).as("a dry run stores nothing").isNull();
            assertThat(applied.waited()).as("a dry run waits for nothing, --wait or not").isEmpty();
        });
        assertThat(recorded(server, ns)).isFalse();
        assertThat(defaultsConfigMap(server, ns)).isFalse();
        Await.result(theirs.release());
    }

    @Test
    void aLockTakenAfterPlanningStopsTheInstallWithNothingWritten(RealApiServer server) {
        String ns = server.newNamespace("pipeline-late");
        InstallPipeline pipeline = new InstallPipeline(server.connect());
        PipelinePlan.Planned planned = planned(pipeline, ns);
        assertThat(planned.reading().lock()).isInstanceOf(LockState.Free.class);
        HeldLock theirs = takeLock(server, ns);

        PipelineOutcome outcome = Await.result(pipeline.install(planned.result().planned(), planned.reading(),
                settings(ns, false), PipelineListener.NONE));

        assertThat(outcome).isInstanceOfSatisfying(PipelineOutcome.LockHeld.class, held ->
                assertThat(held.lock()).isInstanceOfSatisfying(LockState.Held.class,
                        state -> assertThat(state.holder().identity()).isEqualTo(OTHER)));
        assertThat(recorded(server, ns)).isFalse();
        assertThat(defaultsConfigMap(server, ns)).isFalse();
        Await.result(theirs.release());
    }

    @Test
    void anIdentityWithoutRightsIsForbiddenWithNothingWritten(RealApiServer server) {
        String ns = server.newNamespace("pipeline-forbidden");
        ClusterConnection admin = server.connect();
        PipelinePlan.Planned planned = planned(new InstallPipeline(admin), ns);
        InstallPipeline asNobody = new InstallPipeline(admin.actingAs(Impersonation.serviceAccount(ns, "nobody")));

        PipelineOutcome outcome = Await.result(asNobody.install(planned.result().planned(), planned.reading(),
                settings(ns, false), PipelineListener.NONE));

        assertThat(outcome).isInstanceOfSatisfying(PipelineOutcome.Forbidden.class, forbidden -> {
            assertThat(forbidden.outcome().missingAccess().headline()).contains("system:serviceaccount:" + ns + ":nobody");
            assertThat(forbidden.outcome().plan().status().phase()).isEqualTo(InstallPlanPhase.FAILED);
        });
        assertThat(recorded(server, ns)).isFalse();
        assertThat(defaultsConfigMap(server, ns)).isFalse();
    }

    @Test
    void anUnconnectedVersionOverTheInstalledOneIsRefusedUnlessForced(RealApiServer server) {
        String ns = server.newNamespace("pipeline-upgrade");
        InstallPipeline pipeline = new InstallPipeline(server.connect());
        PipelinePlan.Planned installed = planned(pipeline, ns);
        assertThat(Await.result(pipeline.install(installed.result().planned(), installed.reading(),
                settings(ns, false), PipelineListener.NONE))).isInstanceOf(PipelineOutcome.Applied.class);

        PipelinePlan older = plan(pipeline, ns, Path.of("../samples/bundles/cachebox-operator-v0.3.0"), false);
        PipelinePlan forced = plan(pipeline, ns, Path.of("../samples/bundles/cachebox-operator-v0.3.0"), true);

        assertThat(older).isInstanceOfSatisfying(PipelinePlan.UpgradeRefused.class,
                refused -> assertThat(refused.decision().reason()).contains("0.3.0"));
        assertThat(forced).isInstanceOf(PipelinePlan.Planned.class);
    }

    private static PipelinePlan.Planned planned(InstallPipeline pipeline, String ns) {
        PipelinePlan answer = plan(pipeline, ns, BUNDLE, false);
        assertThat(answer).isInstanceOf(PipelinePlan.Planned.class);
        return (PipelinePlan.Planned) answer;
    }

    private static PipelinePlan plan(InstallPipeline pipeline, String ns, Path directory, boolean force) {
        Bundle bundle = new BundleReader().read(directory).bundle().orElseThrow();
        BundlePlanning planning = new BundlePlanning(new BundlePlanSettings(ns, directory.toString(), CsvMode.RENDER,
                null, OptionalApis.NONE, true));
        return Await.result(pipeline.plan(new PlanSettings(new PlanTarget(ns, bundle.packageName(), false),
                bundle.manifests(), Optional.empty(), null, Duration.ofSeconds(10), force),
                reading -> planning.plan(bundle, reading)));
    }

    private static InstallSettings settings(String ns, boolean untilRunning) {
        return new InstallSettings(ns, PACKAGE, BUNDLE.toString(), false, false, "pipeline-test/pid 1",
                ApplySettings.builder().timeout(Duration.ofSeconds(60)).build(),
                new RunningWait(untilRunning, Duration.ofMillis(200), Duration.ofSeconds(5)), Clock.systemUTC(), true);
    }

    private static InstallSettings dryRun(InstallSettings settings) {
        return new InstallSettings(settings.namespace(), settings.packageName(), settings.bundleLabel(), false, false,
                settings.lockHolder(), settings.apply().toBuilder().dryRunServer(true).build(), settings.running(),
                settings.clock(), settings.answerVerdictFirst());
    }

    private static PipelineListener listener(List<StepEvent> events) {
        return new PipelineListener() {
            @Override
            public void step(StepEvent event) {
                events.add(event);
            }

            @Override
            public void waiting(String line) {
                // Not asked to wait.
            }
        };
    }

    private static PackageLock lock(RealApiServer server, String ns) {
        ClusterConnection connection = server.connect();
        return new PackageLock(connection.api(), connection.vertx(), new LockTarget(ns, PACKAGE));
    }

    /** Another operation of the package takes its lock, as a second process would. */
    private static HeldLock takeLock(RealApiServer server, String ns) {
        PackageLock theirs = lock(server, ns);
        Acquisition taken = Await.result(theirs.acquire((LockState.Free) Await.result(theirs.read()), OTHER,
                "install " + PACKAGE));
        assertThat(taken).isInstanceOf(Acquisition.Acquired.class);
        return ((Acquisition.Acquired) taken).lock();
    }

    private static boolean recorded(RealApiServer server, String ns) {
        return Await.result(new InstallRecordStore(server.connect().retryingApi()).latestFor(ns, PACKAGE)).isPresent();
    }

    private static boolean defaultsConfigMap(RealApiServer server, String ns) {
        return server.client().configMaps().inNamespace(ns).withName("cachebox-defaults").get() != null;
    }
}
