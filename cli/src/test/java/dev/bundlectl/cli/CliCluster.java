package dev.bundlectl.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.executor.testing.MockCluster;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * fabric8's CRUD mock cluster with a kubeconfig that points at it, for running bundlectl's
 * commands in-process against a cluster.
 */
final class CliCluster implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final MockCluster cluster;
    private final Path kubeconfig;
    private ClusterConnection connection;

    private CliCluster(MockCluster cluster, Path kubeconfig) {
        this.cluster = cluster;
        this.kubeconfig = kubeconfig;
    }

    /** Starts the mock (OLM's CSV API served) and writes its kubeconfig into {@code dir}. */
    static CliCluster start(Path dir) {
        return start(MockCluster.start(), dir);
    }

    /** Starts a mock cluster without OLM's API (render mode) and writes its kubeconfig into {@code dir}. */
    static CliCluster startWithoutOlm(Path dir) {
        return start(MockCluster.startWithoutOlm(), dir);
    }

    private static CliCluster start(MockCluster cluster, Path dir) {
        Path kubeconfig = dir.resolve("kubeconfig");
        try {
            Files.writeString(kubeconfig, """
                    apiVersion: v1
                    kind: Config
                    clusters:
                    - name: mock
                      cluster:
                        server: %s
                    users:
                    - name: tester
                      user:
                        token: test-token
                    contexts:
                    - name: mock
                      context: {cluster: mock, user: tester, namespace: demo}
                    current-context: mock
                    """.formatted(cluster.url()));
        } catch (IOException e) {
            cluster.close();
            throw new UncheckedIOException(e);
        }
        return new CliCluster(cluster, kubeconfig);
    }

    MockCluster mock() {
        return cluster;
    }

    /** A connection for seeding and inspecting the cluster; closed with it. */
    ClusterConnection connection() {
        if (connection == null) {
            connection = cluster.connect();
        }
        return connection;
    }

    /** Runs bundlectl with {@code --kubeconfig} for this cluster appended. */
    CliRun run(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.add("--kubeconfig");
        all.add(kubeconfig.toString());
        return CliRun.of(all.toArray(String[]::new));
    }

    /** Serves {@code config.openshift.io/v1} ClusterVersion {@code version} with these capabilities. */
    CliCluster withClusterVersion(List<String> enabled, List<String> known) {
        cluster.serveGroupVersion("config.openshift.io/v1", "clusterversions:ClusterVersion:false");
        var clusterVersion = JSON.createObjectNode();
        clusterVersion.put("apiVersion", "config.openshift.io/v1").put("kind", "ClusterVersion");
        clusterVersion.putObject("metadata").put("name", "version");
        var capabilities = clusterVersion.putObject("status").putObject("capabilities");
        enabled.forEach(capabilities.withArray("enabledCapabilities")::add);
        known.forEach(capabilities.withArray("knownCapabilities")::add);
        cluster.server().expect().get().withPath("/apis/config.openshift.io/v1/clusterversions/version")
                .andReturn(200, clusterVersion.toString()).always();
        return this;
    }

    /**
     * Names of the objects whose creation the cluster was asked for since the last clear, in
     * order; install records (Secrets), the lock and access reviews left out.
     */
    List<String> createdNames() {
        return cluster.createdNames(CliCluster::planWrite);
    }

    /** The names of the objects written (created or applied), in the order sent; install records left out. */
    List<String> writtenNames() {
        return cluster.writtenNames(CliCluster::planWrite);
    }

    /** Whether a request wrote one of the plan's objects: not an install record, the lock, or an access review. */
    private static boolean planWrite(MockCluster.Request request) {
        String path = request.path();
        return !path.contains("/secrets") && !path.contains("/leases") && !path.contains("/selfsubjectaccessreviews");
    }

    static JsonNode read(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        cluster.close();
    }
}
