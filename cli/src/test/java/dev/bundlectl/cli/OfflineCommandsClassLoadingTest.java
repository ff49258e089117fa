package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Offline commands start without the cluster client: loading fabric8's client, Vert.x and Netty
 * costs a fresh JVM hundreds of milliseconds and thousands of classes that an offline plan never
 * uses. Each case runs bundlectl in a child JVM with class-load logging, since what one JVM has
 * already loaded says nothing about what a command loads.
 */
class OfflineCommandsClassLoadingTest {

    /** Classes of the cluster client that an offline command must not load. */
    private static final List<String> CLUSTER_CLIENT_PREFIXES = List.of(
            "io.fabric8.kubernetes.client.KubernetesClient ",
            "io.fabric8.kubernetes.client.impl.",
            "io.fabric8.kubernetes.client.vertx.",
            "io.vertx.",
            "io.netty.");

    @TempDir
    Path home;

    @ParameterizedTest(name = "bundlectl {0}")
    @ValueSource(strings = {"plan", "version", "completion"})
    void anOfflineCommandLoadsNoClusterClientClass(String command) throws Exception {
        List<String> args = switch (command) {
            case "plan" -> List.of("plan", TestPaths.arg("samples/bundles/cachebox-operator"));
            case "completion" -> List.of("completion", "bash");
            default -> List.of(command);
        };

        ChildRun run = runChild(args);

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.loaded()).as("classes loaded by %s", args).hasSizeGreaterThan(500);
        assertThat(clusterClientClasses(run.loaded())).as("cluster client classes loaded by %s", args).isEmpty();
    }

    /**
     * A run builds the picocli model of its own command only ({@link Subcommands}): reading the
     * options of all ten cost a quarter of a second of every start. {@code --debug} before the
     * command name must not defeat it.
     */
    @Test
    void aRunLoadsOnlyTheCommandItRuns() throws Exception {
        ChildRun run = runChild(List.of("--debug", "plan", TestPaths.arg("samples/bundles/cachebox-operator")));

        assertThat(run.exitCode()).as(run.toString()).isZero();
        List<String> otherCommands = Subcommands.NAMES.stream()
                .filter(name -> !name.equals("plan"))
                .map(name -> Subcommands.create(name).getClass().getName())
                .toList();
        assertThat(run.loaded()).contains(PlanCommand.class.getName()).doesNotContainAnyElementsOf(otherCommands);
    }

    /** The control: a command that connects does load the client, so the check above can fail. */
    @Test
    void aCommandThatConnectsLoadsTheClusterClient() throws Exception {
        Path kubeconfig = home.resolve("kubeconfig");
        // Port 1 on loopback refuses at once; the command fails after loading the client.
        Files.writeString(kubeconfig, """
                apiVersion: v1
                kind: Config
                clusters:
                - name: nowhere
                  cluster: {server: "https://127.0.0.1:1"}
                users:
                - name: nobody
                  user: {token: not-a-secret}
                contexts:
                - name: nowhere
                  context: {cluster: nowhere, user: nobody}
                current-context: nowhere
                """);

        ChildRun run = runChild(List.of("status", "--kubeconfig", kubeconfig.toString()));

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCode.ERROR);
        // fabric8's HTTP client on Vert.x; its typed KubernetesClient is built only when a command
        // asks for it (ClusterConnection), which a status that cannot reach the cluster never does.
        assertThat(clusterClientClasses(run.loaded())).contains("io.fabric8.kubernetes.client.vertx.VertxHttpClient",
                "io.vertx.core.Vertx");
    }

    private static List<String> clusterClientClasses(List<String> loaded) {
        List<String> found = new ArrayList<>();
        for (String line : loaded) {
            String name = line + " ";
            if (CLUSTER_CLIENT_PREFIXES.stream().anyMatch(name::startsWith)) {
                found.add(line);
            }
        }
        return found;
    }

    private record ChildRun(int exitCode, List<String> loaded, String stderr) {
    }

    private ChildRun runChild(List<String> args) throws IOException, InterruptedException {
        Path log = home.resolve("class-load.log");
        Files.deleteIfExists(log);
        Path stderr = home.resolve("stderr.txt");
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xshare:auto", "-Xlog:class+load=info:file=" + log + ":none", "-Duser.home=" + home,
                "-cp", System.getProperty("java.class.path"),
                Main.class.getName()));
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(stderr.toFile());
        // A home of its own, so that no kubeconfig of the machine's user is read.
        builder.environment().remove("KUBECONFIG");
        builder.environment().put("HOME", home.toString());
        Process process = builder.start();
        if (!process.waitFor(2, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new AssertionError("bundlectl " + args + " did not end in 2 minutes");
        }
        if (!Files.exists(log)) {
            throw new AssertionError("bundlectl " + args + " exited " + process.exitValue() + " without a class-load log: "
                    + Files.readString(stderr));
        }
        List<String> loaded = new ArrayList<>();
        for (String line : Files.readAllLines(log)) {
            int space = line.indexOf(' ');
            loaded.add(space < 0 ? line : line.substring(0, space));
        }
        return new ChildRun(process.exitValue(), loaded, Files.readString(stderr));
    }
}
