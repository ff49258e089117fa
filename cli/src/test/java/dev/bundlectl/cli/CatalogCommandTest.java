package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** {@code bundlectl catalog} on the sample file-based catalog (a directory: no registry needed). */
class CatalogCommandTest {

    private static final String SAMPLE = CliRun.repoRoot().resolve("samples/catalogs/cachebox").toString();

    @Test
    void listsPackagesChannelsHeadsAndVersions() {
        CliRun run = CliRun.of("catalog", SAMPLE);

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.out().lines()).containsExactly(
                "PACKAGE             CHANNEL    HEAD                       VERSIONS",
                "cachebox-operator   preview    cachebox-operator.v0.3.1   0.3.1",
                "cachebox-operator   stable *   cachebox-operator.v0.4.0   0.3.0, 0.3.1, 0.4.0");
    }

    @Test
    void jsonAndYamlCarryTheEdges() {
        CliRun json = CliRun.of("catalog", SAMPLE, "--package", "cachebox-operator", "-o", "json");
        CliRun yaml = CliRun.of("catalog", SAMPLE, "-o", "yaml");

        assertThat(json.exitCode()).isZero();
        assertThat(json.out()).contains("\"skipRange\" : \">=0.2.0 <0.4.0\"").contains("\"defaultChannel\" : \"stable\"");
        assertThat(yaml.out()).contains("replaces: \"cachebox-operator.v0.3.1\"");
    }

    @Test
    void anUnknownPackageOrAMissingCatalogIsInvalidInput() {
        CliRun unknown = CliRun.of("catalog", SAMPLE, "--package", "nope");
        CliRun missing = CliRun.of("plan", "--catalog", Path.of(SAMPLE).resolve("nope").toString(), "--package", "p");
        CliRun noPackage = CliRun.of("plan", "--catalog", SAMPLE);
        CliRun orphan = CliRun.of("plan", "--package", "p");

        assertThat(unknown.exitCode()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(unknown.err()).isEqualTo("error: --package nope: not in the catalog (it has: cachebox-operator)\n");
        assertThat(missing.exitCode()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(missing.err()).contains("not a catalog directory");
        assertThat(noPackage.err()).contains("needs --package P");
        assertThat(orphan.err()).contains("give --catalog DIR|IMAGE");
    }
}
