package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.executor.testing.RealApiServerExtension.Served;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * What reaches the terminal is about the user's action, not the libraries': installing the sample
 * or uninstalling it on a real server (where fabric8 would warn about OLM's unstable
 * {@code v1alpha1} API) prints no library log line on stderr. bundlectl runs in a JVM of its own, as a user runs it, because the
 * logging configuration is read once per JVM and in-process runs share the test JVM's stderr.
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerQuietLibrariesTest {

    /** What bundlectl printed on stderr when run in a JVM of its own, and its exit code. */
    private record OwnJvmRun(int exitCode, String err) {
        List<String> libraryLines() {
            return err.lines().filter(line -> line.startsWith("[WARN]") || line.startsWith("[INFO]")
                    || line.startsWith("[DEBUG]") || line.startsWith("SLF4J") || line.contains("VersionUsageUtils"))
                    .toList();
        }
    }

    private static OwnJvmRun runInOwnJvm(Path dir, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(List.of(args));
        Path stderr = Files.createTempFile(dir, "stderr", ".txt");
        Process process = new ProcessBuilder(command)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(stderr.toFile())
                .start();
        assertThat(process.waitFor(3, TimeUnit.MINUTES)).as("bundlectl finished").isTrue();
        return new OwnJvmRun(process.exitValue(), Files.readString(stderr, StandardCharsets.UTF_8));
    }

    @Test
    void installingTheSamplePrintsNoLibraryLogLine(@Served(RealApiServer.Flavour.OLM) RealApiServer server,
            @TempDir Path dir) throws IOException, InterruptedException {
        RealCluster cluster = RealCluster.in(server, "quiet");

        OwnJvmRun install = runInOwnJvm(dir, "install", RealCluster.sample(), "-n", cluster.namespace(),
                "--kubeconfig", server.kubeconfig().toString());

        assertThat(install.exitCode()).as(install.err()).isZero();
        assertThat(install.err()).as("the install's own lines are there")
                .contains("install record: " + cluster.namespace() + "/");
        assertThat(install.libraryLines()).as("library log lines on stderr").isEmpty();
    }

    /** Uninstall reads and deletes through fabric8's generic client, which warns about v1alpha1 (the CSV). */
    @Test
    void uninstallingTheSamplePrintsNoLibraryLogLine(@Served(RealApiServer.Flavour.OLM) RealApiServer server,
            @TempDir Path dir) throws IOException, InterruptedException {
        RealCluster cluster = RealCluster.in(server, "quietun");
        CliRun install = cluster.run("install", RealCluster.sample(), "-n", cluster.namespace());
        assertThat(install.exitCode()).as(install.toString()).isZero();

        OwnJvmRun uninstall = runInOwnJvm(dir, "uninstall", "--package", "cachebox-operator", "-n",
                cluster.namespace(), "--kubeconfig", server.kubeconfig().toString());

        assertThat(uninstall.exitCode()).as(uninstall.err()).isZero();
        assertThat(uninstall.libraryLines()).as("library log lines on stderr").isEmpty();
    }
}
