package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code adopt} and {@code release} refuse flags that do not go together before they reach a
 * cluster: exit 2 and one line naming the flags (no kubeconfig is given, so nothing can be written).
 */
class AdoptReleaseFlagsTest {

    @ParameterizedTest(name = "bundlectl {0}")
    @CsvSource(delimiter = '|', value = {
        "adopt --package p -n ops --bundle dir --catalog cat|error: give --bundle or --catalog, not both",
        "release --package p -n ops --to-olm|error: --to-olm needs --catalog-source NAME: the CatalogSource OLM "
                + "resolves p from",
        "release --package p -n ops --channel stable|error: --catalog-source, --channel and --subscription go with "
                + "--to-olm",
    })
    void flagsThatDoNotGoTogetherAreInvalidInput(String args, String error) {
        CliRun run = CliRun.of(args.split(" "));

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(run.err().strip()).isEqualTo(error);
    }
}
