package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.cluster.connect.KubeconfigNamespace;
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

    /**
     * What an offline command must not load even with a kubeconfig present, when at most it reads
     * the current context's namespace: fabric8 at all (its client configuration binds the whole
     * kubeconfig and cost an offline plan half a second), and no TLS.
     */
    private static final List<String> CONNECTION_PREFIXES = List.of(
            "io.fabric8.",
            "io.vertx.",
            "io.netty.",
            "javax.net.ssl.",
            "sun.security.ssl.");

    /** A kubeconfig as users have one, whose server nothing may contact. */
    private static final String KUBECONFIG = """
            apiVersion: v1
            kind: Config
            clusters:
            - name: unreachable
              cluster: {server: "https://10.255.255.1:6443", certificate-authority-data: Q0EgZGF0YQ==}
            users:
            - name: someone
              user: {token: not-a-secret}
            contexts:
            - name: team
              context: {cluster: unreachable, user: someone, namespace: team-a}
            current-context: team
            """;

    @TempDir
    Path home;

    @ParameterizedTest(name = "bundlectl {0}")
    @ValueSource(strings = {"plan", "template", "version", "completion", "catalog", CompletionScript.CATALOG_VALUES_COMMAND})
    void anOfflineCommandLoadsNoClusterClientClass(String command) throws Exception {
        List<String> args = offlineCommand(command);

        ChildRun run = runChild(args, null);

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.loaded()).as("classes loaded by %s", args).hasSizeGreaterThan(500);
        assertThat(matching(run.loaded(), CLUSTER_CLIENT_PREFIXES)).as("cluster client classes loaded by %s", args)
                .isEmpty();
    }

    /**
     * With {@code KUBECONFIG} set, as every cluster user has one, an offline command still builds
     * no client, TLS context or connection: {@code plan} reads the current context's namespace
     * and nothing else of it.
     */
    @ParameterizedTest(name = "bundlectl {0}")
    @ValueSource(strings = {"plan", "template", "version", "completion", "catalog", CompletionScript.CATALOG_VALUES_COMMAND})
    void withAKubeconfigAnOfflineCommandLoadsNeitherFabric8NorTls(String command) throws Exception {
        List<String> args = offlineCommand(command);
        Path kubeconfig = Files.writeString(home.resolve("kubeconfig"), KUBECONFIG);

        ChildRun run = runChild(args, kubeconfig);

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.loaded()).as("classes loaded by %s", args).hasSizeGreaterThan(500);
        assertThat(matching(run.loaded(), CONNECTION_PREFIXES)).as("fabric8 and TLS classes loaded by %s", args)
                .isEmpty();
        if (command.equals("plan") || command.equals("template")) {
            assertThat(run.loaded()).as("the namespace was read").contains(KubeconfigNamespace.class.getName());
        }
    }

    private static List<String> offlineCommand(String command) {
        return switch (command) {
            case "plan" -> List.of("plan", TestPaths.arg("samples/bundles/cachebox-operator"));
            case "template" -> List.of("template", TestPaths.arg("samples/bundles/cachebox-operator"), "--argocd");
            case "completion" -> List.of("completion", "bash");
            case "catalog" -> List.of("catalog", TestPaths.arg("samples/catalogs/cachebox"));
            case CompletionScript.CATALOG_VALUES_COMMAND -> List.of(command, "--catalog",
                    TestPaths.arg("samples/catalogs/cachebox"), "--package", "cachebox-operator", "--field", "version");
            default -> List.of(command);
        };
    }

    /**
     * A run builds the picocli model of its own command only ({@link Subcommands}): reading the
     * options of all ten cost a quarter of a second of every start. {@code --debug} before the
     * command name must not defeat it.
     */
    @Test
    void aRunLoadsOnlyTheCommandItRuns() throws Exception {
        ChildRun run = runChild(List.of("--debug", "plan", TestPaths.arg("samples/bundles/cachebox-operator")), null);

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

        ChildRun run = runChild(List.of("status", "--kubeconfig", kubeconfig.toString()), null);

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCode.ERROR);
        // fabric8's HTTP client on Vert.x; its typed KubernetesClient is built only when a command
        // asks for it (ClusterConnection), which a status that cannot reach the cluster never does.
        assertThat(matching(run.loaded(), CLUSTER_CLIENT_PREFIXES)).contains(
                "io.fabric8.kubernetes.client.vertx.VertxHttpClient", "io.vertx.core.Vertx");
        assertThat(matching(run.loaded(), CONNECTION_PREFIXES)).contains("io.fabric8.kubernetes.client.Config");
    }

    private static List<String> matching(List<String> loaded, List<String> prefixes) {
        List<String> found = new ArrayList<>();
        for (String line : loaded) {
            String name = line + " ";
            if (prefixes.stream().anyMatch(name::startsWith)) {
                found.add(line);
            }
        }
        return found;
    }

    private record ChildRun(int exitCode, List<String> loaded, String stderr) {
    }

    /** Runs bundlectl in a JVM of its own, with {@code KUBECONFIG} naming {@code kubeconfig} (null: unset). */
    private ChildRun runChild(List<String> args, Path kubeconfig) throws IOException, InterruptedException {
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
        if (kubeconfig != null) {
            builder.environment().put("KUBECONFIG", kubeconfig.toString());
        }
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
