package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@code plan -o diff}'s flags, checked before anything is read: one line each, exit 2. */
class PlanDiffFlagsTest {

    @Test
    void aDiffWithoutAClusterIsAUsageError() {
        CliRun run = CliRun.of("plan", RealCluster.sample(), "-o", "diff");

        assertThat(run.exitCode()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).isEqualTo("error: -o diff compares the plan with the live objects: give --kubeconfig "
                + "or --context\n");
    }

    @Test
    void diffBriefGoesWithDiffOnly() {
        CliRun run = CliRun.of("plan", RealCluster.sample(), "--diff-brief");

        assertThat(run.exitCode()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(run.err()).isEqualTo("error: --diff-brief goes with -o diff\n");
    }

    @Test
    void planOffersDiffToCompletionAndItsHelpSaysWhatItShows() {
        assertThat(new CompletionCandidates.PlanFormats()).containsExactly("table", "yaml", "json", "diff");
        CliRun help = CliRun.of("plan", "--help");

        assertThat(help.out()).contains("--diff-brief").contains("table, yaml, json or diff")
                .contains("-o diff: the same codes");
    }
}
