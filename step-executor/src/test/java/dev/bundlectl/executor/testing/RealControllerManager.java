package dev.bundlectl.executor.testing;

import dev.bundlectl.bundle.testing.SharedDirectory;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The real kube-controller-manager 1.26 from {@code ../shared/kube-api-test}, run beside a
 * {@link RealApiServer} with the controllers an install and uninstall meet after a delete:
 * namespaces finish deleting, objects whose owner is gone are garbage-collected, and every
 * namespace gets its {@code default} ServiceAccount and {@code kube-root-ca.crt}. The
 * {@code deployment} and {@code replicaset} controllers stay off: with no kubelet they would
 * reset the status a test gives a Deployment.
 *
 * <p>Its output goes to a log file in the server's directory, never to the test's output.
 */
final class RealControllerManager implements AutoCloseable {

    /** The binary's name in the shared binaries' directory. */
    static final String BINARY = "kube-controller-manager";

    private static final List<String> CONTROLLERS = List.of("namespace", "garbagecollector", "serviceaccount",
            "serviceaccount-token", "root-ca-cert-publisher");
    private static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(120);
    private static final Duration POLL = Duration.ofMillis(250);
    private static final int LOG_TAIL_LINES = 30;

    private final ChildProcess process;

    private RealControllerManager(ChildProcess process) {
        this.process = process;
    }

    /**
     * The binary in {@code ../shared}; skips the calling test (or fails it where
     * {@link SharedDirectory#REQUIRE_PROPERTY} is set) when it is missing.
     *
     * @param binariesDirectory the server binaries' directory, relative to {@code ../shared}
     */
    static Path requireBinary(String binariesDirectory) {
        return SharedDirectory.require(binariesDirectory + "/" + BINARY);
    }

    /**
     * Starts {@code binary} against the server that {@code kubeconfig} (an admin one) names and
     * waits until its ServiceAccount controller has given namespace {@code default} its
     * {@code default} ServiceAccount: then its controllers run.
     *
     * @param binary the kube-controller-manager binary (a link in the server's directory)
     * @param serverDirectory the server's directory: its {@code apiserver.key} signs ServiceAccount
     *     tokens, its {@code apiserver.crt} is the cluster's certificate authority; the log goes here
     * @param kubeconfig an admin kubeconfig of the server
     * @param client an admin client, to see the controllers at work
     */
    static RealControllerManager start(Path binary, Path serverDirectory, Path kubeconfig, KubernetesClient client) {
        Path signingKey = existing(serverDirectory.resolve("apiserver.key"));
        Path authority = existing(serverDirectory.resolve("apiserver.crt"));
        RealControllerManager started = new RealControllerManager(ChildProcess.start(List.of(binary.toString(),
                "--kubeconfig=" + kubeconfig,
                "--controllers=" + String.join(",", CONTROLLERS),
                "--service-account-private-key-file=" + signingKey,
                "--root-ca-file=" + authority,
                "--use-service-account-credentials=false",
                "--leader-elect=false",
                "--secure-port=0"), Map.of(), serverDirectory.resolve("kube-controller-manager.log"), BINARY));
        try {
            started.awaitServiceAccountController(client);
            return started;
        } catch (RuntimeException e) {
            started.close();
            throw e;
        }
    }

    /** Stops it: SIGTERM, then SIGKILL after 10 s. */
    @Override
    public void close() {
        process.close();
    }

    @Override
    public String toString() {
        return "RealControllerManager[pid " + process.pid() + ", log " + process.log() + "]";
    }

    private void awaitServiceAccountController(KubernetesClient client) {
        long deadline = System.nanoTime() + STARTUP_TIMEOUT.toNanos();
        String last = "no ServiceAccount default/default yet";
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw failure("kube-controller-manager exited with code " + process.exitValue() + " before it ran");
            }
            try {
                if (client.serviceAccounts().inNamespace("default").withName("default").get() != null) {
                    return;
                }
            } catch (KubernetesClientException e) {
                last = e.getMessage();
            }
            try {
                Thread.sleep(POLL.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw failure("interrupted while waiting for kube-controller-manager");
            }
        }
        throw failure("kube-controller-manager gave namespace default no ServiceAccount in "
                + STARTUP_TIMEOUT.toSeconds() + " s (" + last + ")");
    }

    private IllegalStateException failure(String what) {
        return new IllegalStateException(what + "; its log (" + process.log() + ") ends:\n"
                + process.logTail(LOG_TAIL_LINES));
    }

    private static Path existing(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new IllegalStateException(file + " is missing: kube-api-test no longer keeps the server's keys "
                    + "in its directory, so kube-controller-manager cannot sign ServiceAccount tokens with them");
        }
        return file;
    }
}
