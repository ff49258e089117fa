package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The operator configuration's flags, offline and in-process (docs/operator-config.md): the
 * shortcuts over a file, and every misuse refused with one line before anything else is read.
 */
class OperatorConfigCliTest {

    private static final String SAMPLE = TestPaths.arg("samples/bundles/cachebox-operator");

    @TempDir
    Path dir;

    @Test
    void theShortcutsGoOverTheFilesEntriesOfTheSameNameOrKey() throws IOException {
        Path config = Files.writeString(dir.resolve("config.yaml"), """
                env: [{name: LOG_LEVEL, value: debug}, {name: KEEP, value: "1"}]
                nodeSelector: {zone: a}
                """);

        CliResult result = Cli.run("template", SAMPLE, "-n", "ops", "--csv-mode", "render", "--config",
                config.toString(), "--env", "LOG_LEVEL=info", "--env", "EXTRA=x=y", "--node-selector", "zone=b",
                "--node-selector", "node-role.kubernetes.io/infra=");

        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(result.out()).contains("""
                        env:
                        - name: LOG_LEVEL
                          value: info
                        - name: KEEP
                          value: "1"
                        - name: EXTRA
                          value: x=y
                """).contains("""
                      nodeSelector:
                        zone: b
                        node-role.kubernetes.io/infra: ""
                """);
    }

    @Test
    void eachMisuseIsOneLineAndExitTwo() throws IOException {
        Path config = Files.writeString(dir.resolve("config.yaml"), "env: [{name: A, value: x}]\n");
        Path plan = Files.writeString(dir.resolve("plan.yaml"), "kind: InstallPlan\n");

        assertRefused(Cli.run("plan", SAMPLE, "--config", dir.resolve("missing.yaml").toString()),
                "missing.yaml: no such file");
        assertRefused(Cli.run("plan", SAMPLE, "--config", config.toString(), "--reset-config"),
                "--reset-config drops the configuration, which --config, --env and --node-selector give");
        assertRefused(Cli.run("plan", SAMPLE, "--env", "NOVALUE"), "--env NOVALUE: expected NAME=VALUE");
        assertRefused(Cli.run("plan", SAMPLE, "--node-selector", "=x"), "--node-selector =x: expected NAME=VALUE");
        assertRefused(Cli.run("plan", SAMPLE, "--node-selector", "bad key=x"),
                "the command line (--env, --node-selector): field nodeSelector: Invalid value: \"bad key\"");
        assertRefused(Cli.run("install", "--plan-file", plan.toString(), "--config", config.toString()),
                "--plan-file applies the reviewed plan as it is");
        Path bad = Files.writeString(dir.resolve("bad.yaml"), "tolerations: [{key: a, operator: Sometimes}]\n");
        CliResult batch = Cli.run("plan", "--recursive", TestPaths.arg("samples/bundles"), "--config", bad.toString(),
                "-o", "jsonl");
        assertRefused(batch, "bad.yaml: field tolerations[0].operator: Unsupported value: \"Sometimes\"");
        assertThat(batch.err().lines().filter(line -> line.contains("Sometimes"))).as("once, not per bundle").hasSize(1);
    }

    private static void assertRefused(CliResult result, String words) {
        assertThat(result.exitCode()).as(result.err()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(result.err()).contains(words).doesNotContain("Exception");
        assertThat(result.out()).isEmpty();
    }
}
