package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Input is read and validated before the cluster is asked anything: a broken bundle is reported
 * as such (exit 2) even when the cluster cannot be reached.
 */
class InputBeforeClusterTest {

    private Path kubeconfig;
    private Path bundle;

    @BeforeEach
    void write(@TempDir Path dir) throws IOException {
        kubeconfig = dir.resolve("kubeconfig");
        // Port 1 on loopback: nothing listens, so any request fails at once.
        Files.writeString(kubeconfig, """
                apiVersion: v1
                kind: Config
                clusters:
                - name: nowhere
                  cluster: {server: "https://127.0.0.1:1"}
                users:
                - name: u
                  user: {token: t}
                contexts:
                - name: c
                  context: {cluster: nowhere, user: u}
                current-context: c
                """);
        bundle = dir.resolve("bundle");
        Files.createDirectories(bundle.resolve("metadata"));
        Files.createDirectories(bundle.resolve("manifests"));
        Files.writeString(bundle.resolve("manifests/cm.yaml"), "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n");
    }

    @Test
    void installReportsTheBrokenBundleNotTheUnreachableCluster() {
        CliRun run = CliRun.of("install", bundle.toString(), "-n", "demo", "--kubeconfig", kubeconfig.toString());

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(run.err()).contains("no valid ClusterServiceVersion").doesNotContain("127.0.0.1");
    }

    @Test
    void planAgainstAClusterReportsTheBrokenBundleNotTheUnreachableCluster() {
        CliRun run = CliRun.of("plan", bundle.toString(), "--kubeconfig", kubeconfig.toString());

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(run.err()).contains("no valid ClusterServiceVersion").doesNotContain("127.0.0.1");
    }

    /**
     * The connection is set up on another thread while the bundle is read (BackgroundConnection):
     * when both are wrong the bundle's error is the one reported, and the set-up thread is gone
     * once the command returns.
     */
    @Test
    void aBrokenBundleIsReportedBeforeABadContextAndNothingIsLeftRunning() throws Exception {
        CliRun run = CliRun.of("install", bundle.toString(), "-n", "demo", "--kubeconfig", kubeconfig.toString(),
                "--context", "no-such-context");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(run.err()).contains("no valid ClusterServiceVersion").doesNotContain("no-such-context");
        assertThat(Thread.getAllStackTraces().keySet()).noneMatch(thread -> thread.getName().equals("bundlectl-connect"));
    }

    @Test
    void aBadContextIsStillReportedWhenTheBundleIsFine() {
        CliRun run = CliRun.of("install", TestPaths.arg("samples/bundles/cachebox-operator"), "-n", "demo",
                "--kubeconfig", kubeconfig.toString(), "--context", "no-such-context");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(run.err()).contains("context \"no-such-context\" not found");
    }
}
