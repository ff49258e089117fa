package dev.bundlectl.executor.testing;

import dev.bundlectl.bundle.testing.SharedDirectory;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.HttpURLConnection;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * OLM v0's real olm-operator ({@code ../shared/olm/bin/olm}) running as a child process against
 * its own {@link RealApiServer} of flavour {@link RealApiServer.Flavour#OLM_OPERATOR}. It is what
 * judges an installed ClusterServiceVersion: it checks the namespace's OperatorGroup and the CSV's
 * requirements, creates the CSV's Deployments and moves the CSV to {@code Succeeded} once they are
 * available, which on this server only a {@link KubeletStandIn} makes them.
 *
 * <p>The operator serves {@code /healthz} on port {@value #HEALTH_PORT}, hard-coded, so only one
 * can run on a machine: {@link #start()} fails when something already answers there. Tests share
 * one per JVM through {@link RealOlmExtension}. It watches every namespace: isolate tests with
 * fresh namespaces ({@link RealApiServer#newNamespace}) and delete each CSV when done, because a
 * CSV left {@code Installing} makes the operator re-sync it in a tight loop.
 *
 * <p>Its output (chatty: klog lines for every sync) goes to {@link #log()} under {@code target/},
 * never to the test's output.
 */
public final class RealOlm implements AutoCloseable {

    /** The port of the operator's health and metrics endpoint, fixed in the binary. */
    public static final int HEALTH_PORT = 8080;

    /** The namespace given as {@code --namespace}, where the operator does its clean-up. */
    public static final String NAMESPACE = "olm";

    /** The ClusterServiceVersion API, for reading CSVs with the generic client. */
    public static final String CSV_API_VERSION = "operators.coreos.com/v1alpha1";

    private static final String BINARY = "olm/bin/olm";
    private static final URI HEALTHZ = URI.create("http://127.0.0.1:" + HEALTH_PORT + "/healthz");
    private static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration POLL = Duration.ofMillis(200);
    private static final int LOG_TAIL_LINES = 40;
    /** How long a second test JVM on the machine waits for the first to stop its operator. */
    private static final Duration PORT_PATIENCE = Duration.ofMinutes(45);

    private final RealApiServer server;
    private final MachineWideLock port;
    // A JVM that ends without closing us (a killed fork) must not leave an operator holding port
    // 8080, or the next run could not start one: ChildProcess kills it on the way out.
    private final ChildProcess process;

    private RealOlm(RealApiServer server, MachineWideLock port, ChildProcess process) {
        this.server = server;
        this.port = port;
        this.process = process;
    }

    /**
     * Starts a server of flavour {@link RealApiServer.Flavour#OLM_OPERATOR}, then the operator
     * against it, and waits until the operator's {@code /healthz} answers. Skips the calling test
     * (or fails it in CI) when {@code ../shared} lacks the binaries.
     *
     * <p>Another test JVM on the machine that runs one (another checkout's) is waited for, up to
     * {@link #PORT_PATIENCE}, through a {@link MachineWideLock}.
     *
     * @throws IllegalStateException when something already answers on port {@value #HEALTH_PORT},
     *     or the operator exits or stays unhealthy for 60 s (with the last lines of its log)
     */
    public static RealOlm start() {
        Path binary = requireBinary();
        RealApiServer.requireBinaries();
        MachineWideLock port = MachineWideLock.take("olm-operator-port-" + HEALTH_PORT, PORT_PATIENCE);
        RealOlm olm;
        try {
            refuseWhenPortTaken();
            RealApiServer server = RealApiServer.start(RealApiServer.Flavour.OLM_OPERATOR);
            try {
                createNamespace(server);
                olm = new RealOlm(server, port, launch(binary, server.kubeconfig(), logFile()));
            } catch (RuntimeException e) {
                server.close();
                throw e;
            }
        } catch (RuntimeException e) {
            port.close();
            throw e;
        }
        try {
            olm.awaitHealthy();
            return olm;
        } catch (RuntimeException e) {
            olm.close();
            throw e;
        }
    }

    /**
     * The operator binary in {@code ../shared}; skips the calling test (or fails it where
     * {@link SharedDirectory#REQUIRE_PROPERTY} is set) when it is missing.
     */
    public static Path requireBinary() {
        SharedDirectory.require("olm/crds");
        return SharedDirectory.require(BINARY);
    }

    /** The API server the operator watches; closed with this. */
    public RealApiServer server() {
        return server;
    }

    /** The file holding the operator's standard output and error. */
    public Path log() {
        return process.log();
    }

    /** The last {@code lines} lines of the operator's log, for failure messages. */
    public String logTail(int lines) {
        // The log grows by thousands of lines a minute while a CSV loops: ChildProcess reads only its end.
        return process.logTail(lines);
    }

    /**
     * Waits until the ClusterServiceVersion {@code namespace/name} has {@code status.phase} equal
     * to {@code phase} and returns its status; fails after {@code timeout} naming the phase,
     * reason and message it had last and the end of the operator's log. Wait on the phase, not
     * the reason: the operator already sets reason {@code InstallSucceeded} ("waiting for install
     * components to report healthy") on its way into {@code Installing}.
     */
    @SuppressWarnings("unchecked")
    public Map<String, Object> awaitCsvPhase(String namespace, String name, String phase, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        Map<String, Object> status = Map.of();
        while (true) {
            GenericKubernetesResource csv = server.client().genericKubernetesResources(CSV_API_VERSION,
                    "ClusterServiceVersion").inNamespace(namespace).withName(name).get();
            if (csv != null && csv.getAdditionalProperties().get("status") instanceof Map<?, ?> current) {
                status = (Map<String, Object>) current;
                if (phase.equals(status.get("phase"))) {
                    return status;
                }
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("CSV " + namespace + "/" + name + " did not reach " + phase + " in "
                        + timeout.toSeconds() + " s; " + (csv == null ? "it does not exist" : "last phase "
                        + status.get("phase") + ", reason " + status.get("reason") + ": " + status.get("message"))
                        + "\nolm-operator's log (" + log() + ") ends:\n" + logTail(LOG_TAIL_LINES));
            }
            sleep(POLL);
        }
    }

    /** Stops the operator (SIGTERM, then SIGKILL after 10 s), then its server. */
    @Override
    public void close() {
        try {
            process.close();
        } finally {
            try {
                server.close();
            } finally {
                port.close();
            }
        }
    }

    @Override
    public String toString() {
        return "RealOlm[pid " + process.pid() + ", " + server + ", log " + log() + "]";
    }

    private void awaitHealthy() {
        long deadline = System.nanoTime() + STARTUP_TIMEOUT.toNanos();
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
        HttpRequest request = HttpRequest.newBuilder(HEALTHZ).timeout(Duration.ofSeconds(2)).build();
        String last = "no answer yet";
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw failure("olm-operator exited with code " + process.exitValue() + " before it was healthy");
            }
            try {
                HttpResponse<String> answer = http.send(request, HttpResponse.BodyHandlers.ofString());
                if (answer.statusCode() == HttpURLConnection.HTTP_OK) {
                    return;
                }
                last = "HTTP " + answer.statusCode() + ": " + answer.body();
            } catch (IOException e) {
                last = e.toString();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw failure("interrupted while waiting for olm-operator");
            }
            sleep(POLL);
        }
        throw failure("olm-operator's " + HEALTHZ + " did not answer 200 in " + STARTUP_TIMEOUT.toSeconds()
                + " s (last: " + last + ")");
    }

    private IllegalStateException failure(String what) {
        return new IllegalStateException(what + "; its log (" + log() + ") ends:\n" + logTail(LOG_TAIL_LINES));
    }

    private static void refuseWhenPortTaken() {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", HEALTH_PORT), 1000);
        } catch (ConnectException free) {
            return;
        } catch (IOException e) {
            // A timeout or other trouble: let the operator's own start-up tell.
            return;
        }
        throw new IllegalStateException("something already listens on 127.0.0.1:" + HEALTH_PORT
                + ", the port olm-operator's /healthz is hard-coded to (another olm-operator left running? "
                + "see `pgrep -af shared/olm/bin/olm`); only one can run on a machine");
    }

    private static void createNamespace(RealApiServer server) {
        if (server.client().namespaces().withName(NAMESPACE).get() != null) {
            return;
        }
        try {
            server.client().namespaces()
                    .resource(new NamespaceBuilder().withNewMetadata().withName(NAMESPACE).endMetadata().build())
                    .create();
        } catch (KubernetesClientException e) {
            if (e.getCode() != HttpURLConnection.HTTP_CONFLICT) {
                throw e;
            }
        }
    }

    private static Path logFile() {
        try {
            Path target = Path.of("target").toAbsolutePath();
            Files.createDirectories(target);
            return Files.createTempFile(target, "olm-operator-", ".log");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static ChildProcess launch(Path binary, Path kubeconfig, Path log) {
        // --watchedNamespaces "" watches every namespace; a list of names crashes this version.
        // It has no --kubeconfig flag; the variable wins over any in-cluster configuration.
        return ChildProcess.start(List.of(binary.toString(), "--namespace", NAMESPACE, "--watchedNamespaces", "",
                "--interval", "5m"), Map.of("KUBECONFIG", kubeconfig.toString()), log, "olm-operator");
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
