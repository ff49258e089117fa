package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.executor.testing.FaultProxy;
import dev.bundlectl.executor.testing.FaultSchedule;
import dev.bundlectl.executor.testing.ProxyKubeconfig;
import dev.bundlectl.executor.testing.ProxyUpstream;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.executor.testing.RealApiServerExtension.Served;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * An install killed with {@code kill -9} mid-way, on the real API server: its process (a JVM of
 * its own, as a user runs bundlectl) has written part of the bundle when its requests start to
 * hang, and is killed. Its lock keeps others out only until its lease expires (30 s at most); an
 * install that waits for the lock then finishes what it left, and the uninstall after it leaves
 * nothing, the killed run's objects included (docs/semantics.md §3, §8).
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerInterruptedInstallTest {

    @TempDir
    Path dir;

    @Test
    void anInstallKilledMidWayBlocksOthersOnlyUntilItsLeaseExpiresAndTheNextFinishesIt(
            @Served(value = RealApiServer.Flavour.PLAIN, controllers = true) RealApiServer server) throws Exception {
        RealCluster cluster = RealCluster.in(server, "killed");
        String ns = cluster.namespace();
        Path bundle = SampleCopies.renamed(dir.resolve("killbox"), "killbox");
        long killedPid;
        try (FaultProxy proxy = FaultProxy.start(ProxyUpstream.of(server.config()), FaultSchedule.none())) {
            Path kubeconfig = ProxyKubeconfig.write(proxy, server.kubeconfig(), dir.resolve("kubeconfig-proxy.yaml"));
            // Once the real apply of the ConfigMap went through, every later request hangs, as in a process stuck
            // mid-way; then it is killed.
            proxy.holdAfter(request -> "PATCH".equals(request.method()) && request.uri().contains("/configmaps/")
                    && !request.uri().contains("dryRun"));
            Process install = ownJvm(dir, "install", bundle.toString(), "-n", ns, "--kubeconfig", kubeconfig.toString());
            killedPid = install.pid();
            long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
            while (!proxy.holding() && install.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            assertThat(proxy.holding()).as("the install got as far as its ConfigMap").isTrue();
            install.destroyForcibly();
            assertThat(install.waitFor(30, TimeUnit.SECONDS)).isTrue();
        }
        Lease lease = cluster.client().leases().inNamespace(ns).withName("bundlectl-killbox-operator").get();
        assertThat(lease.getSpec().getHolderIdentity()).as("the killed install still holds the lock")
                .endsWith("/pid " + killedPid);
        assertThat(cluster.client().configMaps().inNamespace(ns).withName("killbox-defaults").get())
                .as("written before the kill").isNotNull();

        long started = System.nanoTime();
        CliRun next = cluster.run("install", bundle.toString(), "-n", ns, "--wait-for-lock=60s");
        Duration waited = Duration.ofNanos(System.nanoTime() - started);

        assertThat(next.exitCode()).as(next.toString()).isZero();
        assertThat(next.err()).contains("waiting for the lock: another operation holds the lock of killbox-operator in "
                + "namespace " + ns + ": install killbox-operator.v0.3.1 by ").contains("/pid " + killedPid);
        assertThat(waited).as("at most the lease, plus the install").isLessThan(Duration.ofSeconds(60));
        System.out.println("[bundlectl] install after kill -9: waited and finished in " + waited.toMillis() + " ms");
        assertThat(cluster.client().apps().deployments().inNamespace(ns).withName("killbox-operator").get()).isNotNull();
        assertThat(RealServerManyHandsTest.records(cluster, ns)).as("the killed run's record and the next").hasSize(2);

        CliRun uninstall = cluster.run("uninstall", "--package", "killbox-operator", "-n", ns, "--delete-crds");
        assertThat(uninstall.exitCode()).as(uninstall.toString()).isZero();
        RealServerManyHandsTest.assertNothingOf(cluster, bundle, ns);
        assertThat(RealServerManyHandsTest.records(cluster, ns)).isEmpty();
    }

    /** bundlectl in a JVM of its own, as a user runs it; its output goes to files in {@code dir}. */
    private static Process ownJvm(Path dir, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectOutput(dir.resolve("killed.out").toFile())
                .redirectError(dir.resolve("killed.err").toFile()).start();
    }
}
