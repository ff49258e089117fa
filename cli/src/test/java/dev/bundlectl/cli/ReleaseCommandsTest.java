package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the release adds to the commands: version details, the kubectl plugin's name, man pages. */
class ReleaseCommandsTest {

    @Test
    void versionAsJsonNamesTheBuildTheRuntimeAndTheClusterLibraries() throws Exception {
        CliResult result = Cli.run("version", "-o", "json");

        assertThat(result.exitCode()).as(result.err()).isZero();
        JsonNode version = new ObjectMapper().readTree(result.out());
        assertThat(version.path("version").asText()).matches("\\d+\\.\\d+\\.\\d+(-[A-Za-z0-9.]+)?");
        // Maven filters the resource: the pinned versions, never a "${...}" left over.
        assertThat(version.path("fabric8Version").asText()).isEqualTo("7.8.0");
        assertThat(version.path("vertxVersion").asText()).isEqualTo("4.5.32");
        assertThat(version.path("gitCommit").asText()).matches("[0-9a-f]{40}|unknown");
        assertThat(version.path("buildDate").asText()).matches("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z");
        assertThat(version.path("javaRuntime").asText()).startsWith(System.getProperty("java.runtime.version"));
    }

    @Test
    void anUnknownVersionFormatIsRefused() {
        CliResult result = Cli.run("version", "-o", "yaml");

        assertThat(result.exitCode()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(result.err()).contains("-o yaml: version prints text or json");
    }

    @Test
    void asAKubectlPluginHelpAndHintsSayKubectlBundle() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();

        int help = Main.run(new String[] {"uninstall", "--help"}, new PrintWriter(out, true), new PrintWriter(err, true),
                "kubectl bundle");
        int install = Main.run(new String[] {"install", "--plan-file", "plan.yaml", "--api-surface", "kubernetes"},
                new PrintWriter(out, true), new PrintWriter(err, true), "kubectl bundle");

        assertThat(help).isZero();
        assertThat(out.toString()).startsWith("Usage: kubectl bundle uninstall ")
                .contains("  kubectl bundle uninstall NAME -n cachebox")
                .doesNotContain("bundlectl uninstall");
        assertThat(install).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(err.toString()).contains("belong to 'kubectl bundle plan'");
    }

    @Test
    void manPagesAreWrittenForEveryVisibleCommand(@TempDir Path directory) throws Exception {
        ManPageWriter.main(new String[] {directory.toString()});

        try (var pages = Files.list(directory)) {
            assertThat(pages.map(page -> page.getFileName().toString())).containsExactlyInAnyOrder(
                    "bundlectl.1", "bundlectl-plan.1", "bundlectl-template.1", "bundlectl-install.1", "bundlectl-status.1",
                    "bundlectl-rollback.1", "bundlectl-uninstall.1", "bundlectl-version.1", "bundlectl-completion.1", "bundlectl-catalog.1",
                    "bundlectl-approve.1", "bundlectl-controller.1", "bundlectl-gc.1");
        }
        String plan = Files.readString(directory.resolve("bundlectl-plan.1"));
        assertThat(plan).startsWith(".TH \"BUNDLECTL-PLAN\" 1 ")
                .contains(".SH SYNOPSIS", ".SH OPTIONS", ".SH EXAMPLES")
                .contains("\\fB\\-\\-csv\\-mode\\fR \\fICSV_MODE\\fR")
                .contains("Default: auto.")
                .doesNotContain("${");
        assertThat(Files.readString(directory.resolve("bundlectl.1"))).contains("\\fBbundlectl\\-plan\\fR(1)")
                .doesNotContain(CompletionScript.INSTALL_NAMES_COMMAND.replace("-", "\\-"));
    }
}
