package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One exit-code rule for every command: a cluster that cannot be reached is neither the user's
 * input (2) nor an operation that ran and fell short (3), so every command that needs the cluster
 * exits 1 with a one-line error and no stack trace. The cluster is a closed loopback port.
 */
class UnreachableClusterExitCodeTest {

    private Path kubeconfig;

    @BeforeEach
    void pointAtAClosedPort(@TempDir Path dir) throws IOException {
        int port;
        // Bound and released at once: nothing listens there, so every connection is refused.
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        kubeconfig = dir.resolve("kubeconfig");
        Files.writeString(kubeconfig, """
                apiVersion: v1
                kind: Config
                clusters:
                - name: closed
                  cluster: {server: "http://127.0.0.1:%d"}
                users:
                - name: tester
                  user: {token: test-token}
                contexts:
                - name: closed
                  context: {cluster: closed, user: tester}
                current-context: closed
                """.formatted(port));
    }

    private CliRun run(String... args) {
        String[] all = java.util.Arrays.copyOf(args, args.length + 2);
        all[args.length] = "--kubeconfig";
        all[args.length + 1] = kubeconfig.toString();
        return CliRun.of(all);
    }

    private static void assertUnreachable(CliRun run) {
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCode.ERROR);
        assertThat(run.err()).as(run.toString()).startsWith("error: ").doesNotContain("\tat ");
    }

    @Test
    void planAgainstAnUnreachableClusterExitsOne() {
        assertUnreachable(run("plan", RealCluster.sample(), "-n", "demo"));
    }

    @Test
    void installIntoAnUnreachableClusterExitsOne() {
        assertUnreachable(run("install", RealCluster.sample(), "-n", "demo", "--timeout", "5s"));
    }

    @Test
    void statusOfAnUnreachableClusterExitsOne() {
        assertUnreachable(run("status", "-n", "demo"));
    }

    @Test
    void uninstallFromAnUnreachableClusterExitsOne() {
        assertUnreachable(run("uninstall", "--package", "cachebox-operator", "-n", "demo"));
    }

    @Test
    void versionNeedsNoClusterAndAnUnknownFlagIsInvalidInput() {
        assertThat(CliRun.of("version").exitCode()).isEqualTo(ExitCode.OK);
        CliRun bad = CliRun.of("version", "--bogus");
        assertThat(bad.exitCode()).as(bad.toString()).isEqualTo(ExitCode.INVALID_INPUT);
    }
}
