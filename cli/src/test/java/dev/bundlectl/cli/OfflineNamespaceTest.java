package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.bundle.testing.SpecialFiles;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The install namespace of an offline {@code plan}, as kubectl chooses it: {@code -n}, else the
 * current context's namespace of the kubeconfig files, else {@code default}. The system property
 * {@code kubeconfig} stands in for {@code KUBECONFIG}, which a test cannot set; both are read alike.
 */
class OfflineNamespaceTest {

    private static final String CACHEBOX = TestPaths.arg("samples/bundles/cachebox-operator");

    private static final String TEAM_A = """
            apiVersion: v1
            kind: Config
            clusters:
            - name: unreachable
              cluster: {server: "https://10.255.255.1:6443"}
            contexts:
            - name: team
              context: {cluster: unreachable, namespace: team-a}
            current-context: team
            """;

    @TempDir
    Path dir;

    @Test
    void theCurrentContextsNamespace() throws IOException {
        Path kubeconfig = Files.writeString(dir.resolve("kubeconfig"), TEAM_A);

        CliResult plan = withKubeconfig(kubeconfig.toString(), () -> Cli.run("plan", CACHEBOX, "-o", "json"));
        CliResult flagged = withKubeconfig(kubeconfig.toString(), () -> Cli.run("plan", CACHEBOX, "-n", "ops", "-o", "json"));

        assertThat(plan.exitCode()).as(plan.err()).isZero();
        assertThat(plan.out()).contains("\"namespace\" : \"team-a\"").doesNotContain("\"namespace\" : \"default\"");
        assertThat(flagged.out()).contains("\"namespace\" : \"ops\"").doesNotContain("team-a");
    }

    /** Offline work does not depend on a kubeconfig: one that cannot be read counts as none. */
    @Test
    void aKubeconfigThatCannotBeReadIsDefault() throws Exception {
        Path broken = Files.writeString(dir.resolve("broken"), "contexts: [a\n");
        Path fifo = SpecialFiles.fifo(dir.resolve("fifo"));
        Path good = Files.writeString(dir.resolve("good"), TEAM_A);

        CliResult unparsable = withKubeconfig(broken + File.pathSeparator + good, () -> Cli.run("plan", CACHEBOX));
        // A FIFO is passed over unopened, as fabric8 passes over what is not a regular file.
        CliResult special = withKubeconfig(fifo + File.pathSeparator + good, () -> Cli.run("plan", CACHEBOX));

        assertThat(unparsable.exitCode()).as(unparsable.err()).isZero();
        assertThat(unparsable.out()).contains(" default ").doesNotContain("team-a");
        assertThat(unparsable.err()).isEmpty();
        assertThat(special.exitCode()).as(special.err()).isZero();
        assertThat(special.out()).contains(" team-a ");
    }

    private static CliResult withKubeconfig(String files, Supplier<CliResult> run) {
        String before = System.getProperty("kubeconfig");
        System.setProperty("kubeconfig", files);
        try {
            return run.get();
        } finally {
            if (before == null) {
                System.clearProperty("kubeconfig");
            } else {
                System.setProperty("kubeconfig", before);
            }
        }
    }
}
