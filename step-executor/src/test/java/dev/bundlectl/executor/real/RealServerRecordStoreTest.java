package dev.bundlectl.executor.real;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.executor.records.InstallRecord;
import dev.bundlectl.executor.records.InstallRecordCodec;
import dev.bundlectl.executor.records.InstallRecordStore;
import dev.bundlectl.executor.records.RecordEntry;
import dev.bundlectl.executor.records.RecordOrigin;
import dev.bundlectl.executor.records.SavedRecord;
import dev.bundlectl.executor.records.TestPlans;
import dev.bundlectl.executor.testing.Await;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.plan.model.InstallPlanPhase;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Instant;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Install records on a real API server, through KubeApi: its real 409s and its label selectors. */
@ExtendWith(RealApiServerExtension.class)
class RealServerRecordStoreTest {

    private static final Instant T0 = Instant.parse("2025-03-01T10:00:00Z");

    @Test
    void savingARunAgainUpdatesItsRecordAfterTheServersAlreadyExists(RealApiServer server) {
        String ns = server.newNamespace("records");
        InstallRecordStore store = new InstallRecordStore(server.connect().retryingApi());
        InstallRecord running = TestPlans.running(ns, T0);
        InstallRecord finished = TestPlans.record(ns, T0);
        Await.result(store.save(running));

        Await.result(store.save(finished));

        assertThat(Await.result(store.get(ns, finished.name()))).contains(finished);
        assertThat(Await.result(store.list(ns))).containsExactly(new RecordEntry.Readable(finished));
    }

    @Test
    void retentionDeletesThePackagesOldestRecordsAndNoOtherPackages(RealApiServer server) {
        String ns = server.newNamespace("retention");
        InstallRecordStore store = new InstallRecordStore(server.connect().retryingApi(), 2, new InstallRecordCodec());
        InstallRecord other = InstallRecord.fromPlan(TestPlans.plan(ns, List.of(), InstallPlanPhase.COMPLETE),
                new RecordOrigin(ns, "other-operator", null, null, false, T0.minusSeconds(60)), List.of(), List.of());
        Await.result(store.save(other));
        Await.result(store.save(TestPlans.record(ns, T0)));
        Await.result(store.save(TestPlans.record(ns, T0.plusSeconds(1))));

        SavedRecord third = Await.result(store.save(TestPlans.record(ns, T0.plusSeconds(2))));

        assertThat(third.pruned()).containsExactly(TestPlans.record(ns, T0).name());
        assertThat(third.warnings()).isEmpty();
        assertThat(Await.result(store.list(ns))).extracting(RecordEntry::name).containsExactly(
                TestPlans.record(ns, T0.plusSeconds(2)).name(), TestPlans.record(ns, T0.plusSeconds(1)).name(),
                other.name());
    }

    @Test
    void theSecondSaveOfARunIsOneUpdateOnTheVersionItWrote(RealApiServer server) {
        String ns = server.newNamespace("records-once");
        Queue<String> calls = new ConcurrentLinkedQueue<>();
        InstallRecordStore store = new InstallRecordStore(counting(server.connect().retryingApi(), calls));
        InstallRecord finished = TestPlans.record(ns, T0);
        Await.result(store.save(TestPlans.running(ns, T0)));
        calls.clear();

        Await.result(store.save(finished));

        // The update, and the listing that prunes sent beside it: no refused create, no read.
        assertThat(calls).containsExactly("update", "listAll");
        assertThat(Await.result(store.get(ns, finished.name()))).contains(finished);
    }

    @Test
    void aRecordChangedOrDeletedSinceTheStoreWroteItIsStillSaved(RealApiServer server) {
        String ns = server.newNamespace("records-changed");
        InstallRecordStore store = new InstallRecordStore(server.connect().retryingApi());
        InstallRecordStore elsewhere = new InstallRecordStore(server.connect().retryingApi());
        InstallRecord running = TestPlans.running(ns, T0);
        InstallRecord finished = TestPlans.record(ns, T0);
        Await.result(store.save(running));
        Await.result(elsewhere.save(running));

        Await.result(store.save(finished));
        assertThat(Await.result(store.get(ns, finished.name()))).contains(finished);

        Await.result(elsewhere.delete(ns, finished.name()));
        Await.result(store.save(finished));
        assertThat(Await.result(store.list(ns))).containsExactly(new RecordEntry.Readable(finished));
    }

    @Test
    void aRunsFirstSaveLeavesThePruningToItsLast(RealApiServer server) {
        String ns = server.newNamespace("records-first");
        InstallRecordStore store = new InstallRecordStore(server.connect().retryingApi(), 2, new InstallRecordCodec());
        Await.result(store.save(TestPlans.record(ns, T0)));
        Await.result(store.save(TestPlans.record(ns, T0.plusSeconds(1))));
        InstallRecord finished = TestPlans.record(ns, T0.plusSeconds(2));

        SavedRecord first = Await.result(store.saveFirst(TestPlans.running(ns, T0.plusSeconds(2))));
        assertThat(first.pruned()).isEmpty();
        assertThat(Await.result(store.list(ns))).hasSize(3);

        SavedRecord last = Await.result(store.save(finished));
        assertThat(last.pruned()).containsExactly(TestPlans.record(ns, T0).name());
        assertThat(Await.result(store.list(ns))).extracting(RecordEntry::name)
                .containsExactly(finished.name(), TestPlans.record(ns, T0.plusSeconds(1)).name());
    }

    // The API with the name of every method called on it, in order.
    private static KubeApi counting(KubeApi api, Queue<String> calls) {
        return (KubeApi) Proxy.newProxyInstance(KubeApi.class.getClassLoader(), new Class<?>[] {KubeApi.class},
                (proxy, method, args) -> {
                    calls.add(method.getName());
                    try {
                        return method.invoke(api, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }
}
