package dev.bundlectl.executor.real;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.executor.lock.Acquisition;
import dev.bundlectl.executor.lock.HeldLock;
import dev.bundlectl.executor.lock.LeaseHolder;
import dev.bundlectl.executor.lock.LockLoss;
import dev.bundlectl.executor.lock.LockSettings;
import dev.bundlectl.executor.lock.LockState;
import dev.bundlectl.executor.lock.LockTarget;
import dev.bundlectl.executor.lock.PackageLock;
import dev.bundlectl.cluster.retry.RetriesExhaustedException;
import dev.bundlectl.executor.testing.Await;
import dev.bundlectl.executor.testing.Fault;
import dev.bundlectl.executor.testing.FaultProxy;
import dev.bundlectl.executor.testing.ProxiedRequest;
import dev.bundlectl.executor.testing.ProxyKubeconfig;
import dev.bundlectl.executor.testing.ProxyUpstream;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.executor.testing.RealIdentities;
import dev.bundlectl.executor.testing.RealIdentity;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.rbac.PolicyRuleBuilder;
import io.fabric8.kubernetes.client.Config;
import io.vertx.core.Future;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The package lock on a real API server: its compare-and-swap on the Lease's resourceVersion
 * decides who takes the lock, its clock-free expiry lets a crashed holder be taken over, and its
 * 409s tell a holder it lost. Concurrency is real: competing operations run at the same time,
 * each on its own connection, as separate processes would.
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerPackageLockTest {

    private static final String PACKAGE = "cachebox-operator";
    private static final String INSTALL = "install cachebox-operator.v0.3.1";
    /** Short leases, so that expiry is seen within seconds. */
    private static final LockSettings SHORT = LockSettings.defaults()
            .withLease(Duration.ofSeconds(2), Duration.ofMillis(500))
            .withPollEvery(Duration.ofMillis(100));

    @ParameterizedTest(name = "a Lease already there: {0}")
    @ValueSource(booleans = {false, true})
    void fiveAcquirersFromOneReadOneTakesTheLockAndTheOthersAreToldWho(boolean leaseExists, RealApiServer server) {
        String ns = server.newNamespace("lock-race");
        if (leaseExists) {
            PackageLock first = lock(server.connect(), ns, SHORT);
            Await.result(acquired(first, Await.result(first.read()), "earlier", "install cachebox-operator.v0.3.0")
                    .release());
        }
        List<PackageLock> locks = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            locks.add(lock(server.connect(), ns, SHORT));
        }
        LockState.Free observed = (LockState.Free) Await.result(locks.get(0).read());
        assertThat(observed.leaseExists()).isEqualTo(leaseExists);

        List<Future<Acquisition>> racing = new ArrayList<>();
        for (int i = 0; i < locks.size(); i++) {
            racing.add(locks.get(i).acquire(observed, "runner-" + i + "/pid " + (100 + i), INSTALL));
        }
        List<Acquisition> outcomes = racing.stream().map(Await::result).toList();

        List<HeldLock> winners = outcomes.stream().filter(Acquisition.Acquired.class::isInstance)
                .map(outcome -> ((Acquisition.Acquired) outcome).lock()).toList();
        assertThat(winners).as("exactly one takes the lock").hasSize(1);
        HeldLock winner = winners.get(0);
        assertThat(outcomes).filteredOn(Acquisition.Changed.class::isInstance).hasSize(4)
                .allSatisfy(outcome -> assertThat(((Acquisition.Changed) outcome).now())
                        .isInstanceOfSatisfying(LockState.Held.class,
                                held -> assertThat(held.holder().identity()).isEqualTo(winner.holder())));
        assertThat(lease(server, ns).get("holderIdentity")).isEqualTo(winner.holder());
        Await.result(winner.release());
    }

    @Test
    void aHeldLockIsRefusedWithItsHolderNamedAndAStaleReadTakesNothing(RealApiServer server) {
        String ns = server.newNamespace("lock-held");
        PackageLock mine = lock(server.connect(), ns, LockSettings.defaults());
        PackageLock theirs = lock(server.connect(), ns, LockSettings.defaults());
        LockState.Free readWhilePlanning = (LockState.Free) Await.result(theirs.read());
        HeldLock held = acquired(mine, Await.result(mine.read()), "build-7/pid 4242", INSTALL);

        LockState seen = Await.result(theirs.read());
        Acquisition late = Await.result(theirs.acquire(readWhilePlanning, "build-8/pid 99", "uninstall " + PACKAGE));

        assertThat(seen).isInstanceOf(LockState.Held.class);
        assertThat(seen.describe()).matches("another operation holds the lock of cachebox-operator in namespace " + ns
                + ": install cachebox-operator\\.v0\\.3\\.1 by build-7/pid 4242 since \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ;"
                + " its lease expires at \\d\\d:\\d\\d:\\d\\dZ");
        LeaseHolder holder = ((LockState.Held) seen).holder();
        assertThat(Duration.between(holder.since(), holder.expires())).isBetween(Duration.ofSeconds(30),
                Duration.ofSeconds(31));
        assertThat(late).isInstanceOfSatisfying(Acquisition.Changed.class,
                changed -> assertThat(changed.now()).isInstanceOf(LockState.Held.class));
        assertThat(lease(server, ns).get("holderIdentity")).isEqualTo("build-7/pid 4242");
        Await.result(held.release());
    }

    @Test
    void aHeldLockIsRenewedAndOutlivesItsLeaseDuration(RealApiServer server) throws InterruptedException {
        String ns = server.newNamespace("lock-renew");
        PackageLock mine = lock(server.connect(), ns, SHORT);
        HeldLock held = acquired(mine, Await.result(mine.read()), "build-7/pid 4242", INSTALL);
        Map<String, Object> first = lease(server, ns);
        GenericKubernetesResource firstLease = leaseObject(server, ns);

        Thread.sleep(3_000);

        Map<String, Object> later = lease(server, ns);
        assertThat((String) first.get("renewTime")).matches(".*T.*\\.\\d{6}Z");
        assertThat(Instant.parse((String) later.get("renewTime"))).isAfter(Instant.parse((String) first.get("renewTime")));
        assertThat(later.get("acquireTime")).isEqualTo(first.get("acquireTime"));
        assertThat(later.get("holderIdentity")).isEqualTo("build-7/pid 4242");
        assertThat(leaseObject(server, ns).getMetadata().getResourceVersion())
                .isNotEqualTo(firstLease.getMetadata().getResourceVersion());
        assertThat(firstLease.getMetadata().getLabels()).containsEntry("app.kubernetes.io/managed-by", "bundlectl")
                .containsEntry("bundlectl.dev/package", PACKAGE);
        assertThat(firstLease.getMetadata().getAnnotations()).containsEntry("bundlectl.dev/operation", INSTALL);
        assertThat(Await.result(lock(server.connect(), ns, SHORT).read()))
                .as("held, three seconds into a two-second lease").isInstanceOf(LockState.Held.class);
        assertThat(held.isLost()).isFalse();
        Await.result(held.release());
    }

    @Test
    void aHolderThatStopsRenewingIsTakenOverOnceItsLeaseExpires(RealApiServer server) {
        String ns = server.newNamespace("lock-crash");
        PackageLock next = lock(server.connect(), ns, SHORT);
        try (ClusterConnection doomed = ClusterConnection.connect(server.config(), Duration.ofSeconds(30))) {
            PackageLock crashing = new PackageLock(doomed.api(), doomed.vertx(), new LockTarget(ns, PACKAGE), SHORT);
            acquired(crashing, Await.result(crashing.read()), "build-7/pid 4242", INSTALL);
            // Its Vert.x goes, and its renewal timers with it, as with kill -9; the Lease stays held.
        }
        assertThat(Await.result(next.read())).isInstanceOf(LockState.Held.class);
        long started = System.nanoTime();

        LockState freed = Await.result(next.awaitFree(Duration.ofSeconds(20)));

        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(10));
        assertThat(freed).isInstanceOfSatisfying(LockState.Free.class, free -> {
            assertThat(free.expiredHolder()).get().extracting(LeaseHolder::identity).isEqualTo("build-7/pid 4242");
            assertThat(free.describe()).contains("is free: the lease of " + INSTALL + " by build-7/pid 4242 (since ");
        });
        HeldLock takenOver = acquired(next, (LockState.Free) freed, "build-8/pid 99", INSTALL);
        assertThat(lease(server, ns).get("holderIdentity")).isEqualTo("build-8/pid 99");
        Await.result(takenOver.release());
    }

    @Test
    void releaseClearsTheHolderAndKeepsTheLeaseForTheNextOperation(RealApiServer server) {
        String ns = server.newNamespace("lock-release");
        PackageLock lock = lock(server.connect(), ns, LockSettings.defaults());
        HeldLock held = acquired(lock, Await.result(lock.read()), "build-7/pid 4242", INSTALL);
        String heldVersion = leaseObject(server, ns).getMetadata().getResourceVersion();

        assertThat(Await.result(held.release())).isTrue();
        assertThat(Await.result(held.release())).as("a second release answers as the first").isTrue();

        GenericKubernetesResource released = leaseObject(server, ns);
        assertThat(released.getMetadata().getResourceVersion()).isNotEqualTo(heldVersion);
        assertThat(lease(server, ns)).doesNotContainKey("holderIdentity");
        LockState state = Await.result(lock.read());
        assertThat(state).isEqualTo(new LockState.Free(new LockTarget(ns, PACKAGE),
                java.util.Optional.of(released.getMetadata().getResourceVersion()), java.util.Optional.empty()));
        HeldLock again = acquired(lock, (LockState.Free) state, "build-8/pid 99", "uninstall " + PACKAGE);
        assertThat(Await.result(again.releaseByDeleting())).isTrue();
        assertThat(leaseObject(server, ns)).as("an uninstall's release leaves no Lease").isNull();
        assertThat(Await.result(lock.read())).isEqualTo(LockState.Free.withoutLease(new LockTarget(ns, PACKAGE)));
    }

    @Test
    void aHolderWhoseLeaseWasTakenOverSeesItselfLostAndReleasesNothing(RealApiServer server) {
        String ns = server.newNamespace("lock-lost");
        LockSettings slowRenewals = LockSettings.defaults().withLease(Duration.ofSeconds(10), Duration.ofSeconds(1));
        PackageLock mine = lock(server.connect(), ns, slowRenewals);
        // A machine whose clock runs a minute ahead sees the lease expired at once.
        PackageLock ahead = lock(server.connect(), ns,
                slowRenewals.withClock(Clock.offset(Clock.systemUTC(), Duration.ofMinutes(1))));
        HeldLock held = acquired(mine, Await.result(mine.read()), "build-7/pid 4242", INSTALL);
        HeldLock taker = takeOver(ahead, "build-8/pid 99", "uninstall " + PACKAGE);

        LockLoss loss = Await.result(held.lost());

        assertThat(held.isLost()).isTrue();
        assertThat(loss).isInstanceOfSatisfying(LockLoss.Overwritten.class, overwritten -> assertThat(overwritten.now())
                .isInstanceOfSatisfying(LockState.Held.class,
                        now -> assertThat(now.holder().identity()).isEqualTo("build-8/pid 99")));
        assertThat(loss.describe()).startsWith("lost the lock of cachebox-operator in namespace " + ns
                + " to uninstall cachebox-operator by build-8/pid 99 since ");
        assertThat(Await.result(held.release())).as("never clears the new holder's Lease").isFalse();
        assertThat(Await.result(held.releaseByDeleting())).as("the first release's answer").isFalse();
        assertThat(lease(server, ns).get("holderIdentity")).isEqualTo("build-8/pid 99");
        assertThat(taker.isLost()).isFalse();
        Await.result(taker.releaseByDeleting());
    }

    @Test
    void aReleaseByDeletingNeverDeletesALeaseSomeoneElseHoldsNow(RealApiServer server) {
        String ns = server.newNamespace("lock-keep");
        PackageLock mine = lock(server.connect(), ns, LockSettings.defaults());
        PackageLock ahead = lock(server.connect(), ns,
                LockSettings.defaults().withClock(Clock.offset(Clock.systemUTC(), Duration.ofMinutes(1))));
        HeldLock held = acquired(mine, Await.result(mine.read()), "build-7/pid 4242", INSTALL);
        HeldLock taker = takeOver(ahead, "build-8/pid 99", INSTALL);

        assertThat(Await.result(held.releaseByDeleting())).isFalse();

        assertThat(lease(server, ns).get("holderIdentity")).isEqualTo("build-8/pid 99");
        Await.result(taker.release());
    }

    @Test
    void awaitFreeAnswersOnceTheHolderReleasesOrWithTheHolderWhenPatienceRunsOut(RealApiServer server)
            throws InterruptedException {
        String ns = server.newNamespace("lock-wait");
        PackageLock mine = lock(server.connect(), ns, LockSettings.defaults());
        PackageLock waiting = lock(server.connect(), ns, LockSettings.defaults().withPollEvery(Duration.ofMillis(200)));
        HeldLock held = acquired(mine, Await.result(mine.read()), "build-7/pid 4242", INSTALL);

        assertThat(Await.result(waiting.awaitFree(Duration.ofMillis(500))))
                .as("patience ran out: the holder").isInstanceOf(LockState.Held.class);
        Future<LockState> awaited = waiting.awaitFree(Duration.ofSeconds(60));
        Thread.sleep(1_000);
        assertThat(awaited.isComplete()).isFalse();
        long released = System.nanoTime();
        Await.result(held.release());

        LockState state = Await.result(awaited);

        assertThat(Duration.ofNanos(System.nanoTime() - released)).isLessThan(Duration.ofSeconds(5));
        assertThat(state).isInstanceOfSatisfying(LockState.Free.class,
                free -> assertThat(free.expiredHolder()).as("released, not expired").isEmpty());
    }

    @Test
    void aRenewalRetriesTransientFailuresUntilTheLeaseWouldRunOutThenCountsItLost(RealApiServer server,
            @TempDir Path dir) throws Exception {
        String ns = server.newNamespace("lock-faults");
        AtomicBoolean failing = new AtomicBoolean();
        try (FaultProxy proxy = FaultProxy.start(ProxyUpstream.of(server.config()),
                () -> failing.get() ? Fault.SERVICE_UNAVAILABLE : Fault.NONE);
                ClusterConnection throughProxy = ClusterConnection.connect(Config.fromKubeconfig(Files.readString(
                        ProxyKubeconfig.write(proxy, server.kubeconfig(), dir.resolve("proxy.yaml")))),
                        Duration.ofSeconds(30))) {
            LockSettings settings = LockSettings.defaults().withLease(Duration.ofSeconds(3), Duration.ofSeconds(1));
            PackageLock lock = new PackageLock(throughProxy.api(), throughProxy.vertx(), new LockTarget(ns, PACKAGE),
                    settings);
            HeldLock held = acquired(lock, Await.result(lock.read()), "build-7/pid 4242", INSTALL);

            failing.set(true);
            Thread.sleep(1_500);
            failing.set(false);
            Thread.sleep(1_500);
            assertThat(held.isLost()).as("a renewal got through before the lease ran out").isFalse();
            assertThat(proxy.requests()).filteredOn(request -> request.fault() == Fault.SERVICE_UNAVAILABLE)
                    .as("renewals answered 503").isNotEmpty();

            failing.set(true);
            LockLoss loss = Await.result(held.lost());

            assertThat(loss).isInstanceOfSatisfying(LockLoss.Unrenewed.class, unrenewed -> assertThat(unrenewed.cause())
                    .isInstanceOfAny(RetriesExhaustedException.class, java.util.concurrent.TimeoutException.class));
            assertThat(loss.describe()).startsWith("lost the lock of cachebox-operator in namespace " + ns
                    + ": its lease could not be renewed before it expired at ");
            long refused = proxy.requests().stream().map(ProxiedRequest::fault)
                    .filter(fault -> fault == Fault.SERVICE_UNAVAILABLE).count();
            assertThat(refused).as("each renewal retried, not given up at the first 503").isGreaterThan(2);

            failing.set(false);
            assertThat(Await.result(held.release())).as("nobody took it meanwhile: the release clears it").isTrue();
        }
    }

    @Test
    void aForbiddenLeaseRequestFailsWithTheServersAnswerNamingLeases(RealApiServer server, @TempDir Path dir) {
        String ns = server.newNamespace("lock-forbidden");
        RealIdentity readOnly = RealIdentities.serviceAccount(server, dir, ns, "reader", ns);
        RealIdentities.allow(server, readOnly, ns, List.of(new PolicyRuleBuilder().withApiGroups("coordination.k8s.io")
                .withResources("leases").withVerbs("get").build()));
        RealIdentity nobody = RealIdentities.serviceAccount(server, dir, ns, "nobody", ns);

        try (ClusterConnection reader = ClusterConnection.connect(readOnly.config(), Duration.ofSeconds(30));
                ClusterConnection stranger = ClusterConnection.connect(nobody.config(), Duration.ofSeconds(30))) {
            PackageLock mayRead = lock(reader, ns, SHORT);
            LockState state = Await.result(mayRead.read());
            Throwable acquiring = Await.failure(mayRead.acquire((LockState.Free) state, "build-7/pid 4242", INSTALL));
            Throwable reading = Await.failure(lock(stranger, ns, SHORT).read());

            assertThat(acquiring).isInstanceOfSatisfying(ApiException.class, forbidden -> {
                assertThat(forbidden.isHttp(403)).isTrue();
                assertThat(forbidden.getMessage()).contains("leases.coordination.k8s.io is forbidden")
                        .contains(readOnly.username()).contains("cannot create resource \"leases\"");
            });
            assertThat(reading).isInstanceOfSatisfying(ApiException.class, forbidden -> assertThat(forbidden.getMessage())
                    .contains(nobody.username()).contains("cannot get resource \"leases\""));
        }
    }

    @Test
    void aRenewalRefusedForLackOfPermissionLosesTheLockAndSaysWhy(RealApiServer server, @TempDir Path dir) {
        String ns = server.newNamespace("lock-revoked");
        RealIdentity operator = RealIdentities.serviceAccount(server, dir, ns, "operator", ns);
        RealIdentities.allow(server, operator, ns, List.of(new PolicyRuleBuilder().withApiGroups("coordination.k8s.io")
                .withResources("leases").withVerbs("get", "create", "update", "delete").build()));

        try (ClusterConnection connection = ClusterConnection.connect(operator.config(), Duration.ofSeconds(30))) {
            PackageLock lock = lock(connection, ns, SHORT);
            HeldLock held = acquired(lock, Await.result(lock.read()), "build-7/pid 4242", INSTALL);
            server.client().rbac().roleBindings().inNamespace(ns).withName("allow-" + ns + "-operator").delete();

            LockLoss loss = Await.result(held.lost());

            assertThat(loss).isInstanceOfSatisfying(LockLoss.Unrenewed.class, unrenewed -> assertThat(unrenewed.cause())
                    .isInstanceOfSatisfying(ApiException.class, forbidden -> assertThat(forbidden.isHttp(403)).isTrue()));
            assertThat(loss.describe()).contains("403 Forbidden").contains("cannot update resource \"leases\"");
            assertThat(Await.failure(held.release())).isInstanceOfSatisfying(ApiException.class,
                    forbidden -> assertThat(forbidden.isHttp(403)).isTrue());
        }
    }

    private static PackageLock lock(ClusterConnection connection, String ns, LockSettings settings) {
        return new PackageLock(connection.api(), connection.vertx(), new LockTarget(ns, PACKAGE), settings);
    }

    private static HeldLock acquired(PackageLock lock, LockState observed, String holder, String operation) {
        assertThat(observed).isInstanceOf(LockState.Free.class);
        Acquisition acquisition = Await.result(lock.acquire((LockState.Free) observed, holder, operation));
        assertThat(acquisition).isInstanceOf(Acquisition.Acquired.class);
        return ((Acquisition.Acquired) acquisition).lock();
    }

    /**
     * Takes the lock from a holder whose lease {@code lock}'s clock sees expired, reading again
     * when a renewal slipped in between the read and the write (as a caller plans again).
     */
    private static HeldLock takeOver(PackageLock lock, String holder, String operation) {
        for (int attempt = 0; attempt < 10; attempt++) {
            LockState seen = Await.result(lock.read());
            assertThat(seen).as("expired by this clock").isInstanceOfSatisfying(LockState.Free.class,
                    free -> assertThat(free.expiredHolder()).isPresent());
            Acquisition acquisition = Await.result(lock.acquire((LockState.Free) seen, holder, operation));
            if (acquisition instanceof Acquisition.Acquired taken) {
                return taken.lock();
            }
        }
        throw new AssertionError("the holder renewed between every read and write");
    }

    private static GenericKubernetesResource leaseObject(RealApiServer server, String ns) {
        return server.client().genericKubernetesResources("coordination.k8s.io/v1", "Lease").inNamespace(ns)
                .withName("bundlectl-" + PACKAGE).get();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> lease(RealApiServer server, String ns) {
        return (Map<String, Object>) leaseObject(server, ns).getAdditionalProperties().get("spec");
    }
}
