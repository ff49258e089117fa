package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code bundlectl completion bash}, run for real: the script is sourced into bash, the shell's
 * completion variables are set as bash sets them on TAB, and the completion function's answer is
 * read back.
 */
class ShellCompletionTest {

    @TempDir
    static Path directory;

    private static Path script;

    @BeforeAll
    static void writeScript() throws IOException {
        CliResult result = Cli.run("completion", "bash");
        assertThat(result.exitCode()).as(result.err()).isZero();
        script = directory.resolve("bundlectl.bash");
        Files.writeString(script, result.out());
    }

    @ParameterizedTest(name = "bundlectl {0} <TAB> offers {1}")
    @CsvSource(delimiter = '|', value = {
        "''|plan template install catalog status rollback uninstall gc approve controller version completion",
        "plan -o ''|table yaml json diff",
        "install -o ''|table yaml json jsonl",
        "version -o ''|text json",
        "plan --csv-mode ''|auto olm render",
        "install --install-mode ''|OwnNamespace SingleNamespace MultiNamespace AllNamespaces",
        "install --dry-run ''|none server",
        "plan --baseline-capability-set v4.1|v4.11 v4.12 v4.13 v4.14 v4.15 v4.16 v4.17 v4.18",
        "plan --disable-capability Con|Console",
        "completion ''|bash zsh",
    })
    void completesCommandsAndKnownOptionValues(String words, String expected) throws Exception {
        assertThat(complete(line(words))).containsExactlyInAnyOrder(expected.split(" "));
    }

    @Test
    void uninstallNamesAreAskedOfTheClusterAndAnUnreachableOneCompletesNothingQuietly() throws Exception {
        // No kubeconfig anywhere (HOME is empty): the hidden lookup fails, and the shell stays quiet.
        assertThat(complete(List.of("bundlectl", "uninstall", ""))).isEmpty();
        assertThat(Files.readString(script)).contains(CompletionScript.INSTALL_NAMES_COMMAND);
    }

    /**
     * The sample catalog's packages, channels and versions, as the hidden command reads them: a
     * {@code bundlectl} on the PATH runs this build, as an installed one would.
     */
    @ParameterizedTest(name = "bundlectl {0} <TAB> offers {1}")
    @CsvSource(delimiter = '|', value = {
        "plan --catalog CATALOG --package ''|cachebox-operator",
        "install --catalog CATALOG --package cachebox-operator --channel ''|preview stable",
        "template --catalog CATALOG --package cachebox-operator --version ''|0.3.0 0.3.1 0.4.0",
        "plan --catalog CATALOG --package cachebox-operator --version 0.3|0.3.0 0.3.1",
        "plan --catalog CATALOG --package cachebox-operator --channel preview --version ''|0.3.1",
        "plan --package cachebox-operator --catalog = CATALOG --version ''|0.3.0 0.3.1 0.4.0",
        "plan --catalog CATALOG -o ''|table yaml json diff",
    })
    void packageChannelAndVersionValuesComeFromTheCatalogOnTheLine(String words, String expected) throws Exception {
        List<String> line = line(words.replace("CATALOG", TestPaths.arg("samples/catalogs/cachebox")));

        assertThat(complete(line, thisBuildOnThePath())).containsExactlyInAnyOrder(expected.split(" "));
    }

    @Test
    void aCatalogThatCannotBeReadOffersNothingAndSaysNothing() throws Exception {
        assertThat(complete(List.of("bundlectl", "plan", "--catalog", directory.resolve("nowhere").toString(),
                "--package", ""), thisBuildOnThePath())).isEmpty();
        assertThat(Files.readString(script)).contains(CompletionScript.CATALOG_VALUES_COMMAND);

        CliResult result = Cli.run(CompletionScript.CATALOG_VALUES_COMMAND, "--catalog",
                directory.resolve("nowhere").toString(), "--field", "package");
        assertThat(result.exitCode()).isEqualTo(ExitCode.ERROR);
        assertThat(result.out()).isEmpty();
        assertThat(result.err()).isEmpty();
    }

    @Test
    void theHiddenCommandListsAPackagesVersionsInChannelOrderAndNothingForAnUnknownPackage() {
        String catalog = TestPaths.arg("samples/catalogs/cachebox");

        CliResult versions = Cli.run(CompletionScript.CATALOG_VALUES_COMMAND, "--catalog", catalog, "--package",
                "cachebox-operator", "--field", "version");
        CliResult unknown = Cli.run(CompletionScript.CATALOG_VALUES_COMMAND, "--catalog", catalog, "--package", "nope",
                "--field", "channel");

        assertThat(versions.exitCode()).isZero();
        assertThat(versions.out().lines().toList()).containsExactly("0.3.0", "0.3.1", "0.4.0");
        assertThat(unknown.exitCode()).isZero();
        assertThat(unknown.out()).isEmpty();
    }

    @Test
    void anUnknownShellIsRefused() {
        CliResult result = Cli.run("completion", "fish");

        assertThat(result.exitCode()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(result.err()).contains("completion fish: expected bash or zsh");
    }

    /** {@code bundlectl} and the words, {@code ''} standing for the empty word being completed. */
    private static List<String> line(String words) {
        List<String> line = new ArrayList<>(List.of("bundlectl"));
        for (String word : words.split(" ")) {
            line.add(word.equals("''") ? "" : word);
        }
        return line;
    }

    /** The words bash would offer for the command line, whose last word is being completed. */
    private static List<String> complete(List<String> line) throws IOException, InterruptedException {
        return complete(line, null);
    }

    /**
     * A directory holding a {@code bundlectl} that runs this build's classes in a JVM of its own,
     * as the completion script runs the installed command.
     */
    private static Path thisBuildOnThePath() throws IOException {
        Path bin = directory.resolve("bin");
        Path command = bin.resolve("bundlectl");
        if (!Files.exists(command)) {
            Files.createDirectories(bin);
            Files.writeString(command, "#!/bin/sh\nexec '" + Path.of(System.getProperty("java.home"), "bin", "java")
                    + "' -cp '" + System.getProperty("java.class.path") + "' " + Main.class.getName() + " \"$@\"\n");
            command.toFile().setExecutable(true);
        }
        return bin;
    }

    /** As {@link #complete(List)}, with {@code bin} (or nothing) before the system's PATH. */
    private static List<String> complete(List<String> line, Path bin) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("bash", "-c",
                "source \"$1\" 2>/dev/null; shift; COMP_WORDS=(\"$@\"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); "
                        + "_bundlectl_complete_with_installs 2>/dev/null; printf '%s\\n' \"${COMPREPLY[@]}\"",
                "complete", script.toString()));
        command.addAll(line);
        ProcessBuilder builder = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD);
        // The NAME lookup would run "bundlectl" from PATH: give it a PATH where that fails at once.
        builder.environment().put("PATH", (bin == null ? "" : bin + ":") + "/usr/bin:/bin");
        builder.environment().put("HOME", directory.toString());
        builder.environment().remove("KUBECONFIG");
        Process process = builder.start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        List<String> words = new ArrayList<>();
        for (String word : out.split("\n")) {
            if (!word.isBlank()) {
                words.add(word.strip());
            }
        }
        return words;
    }
}
