package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code plan -o yaml} output of the sample bundles, byte for byte against the golden files in
 * {@code samples/golden/}. Each golden file is exactly what this prints, run from the
 * repository root:
 *
 * <pre>
 * bundlectl plan samples/bundles/cachebox-operator -n demo -o yaml
 * bundlectl plan samples/bundles/dashboard-operator -n demo -o yaml --disable-capability Console
 * bundlectl plan samples/bundles/cachebox-operator -n demo -o yaml --api-surface kubernetes-without-olm
 * </pre>
 *
 * <p>The test passes the bundle's absolute path (the working directory of a test run is not the
 * repository root) and puts the repository-relative path back where the output echoes it
 * ({@code bundlectl.dev/bundle-path} and each step's {@code bundlectl.dev/source}); nothing else is
 * touched.
 *
 * <p>When a change to the output is intended, regenerate the files, review the diff and commit it:
 *
 * <pre>
 * ./mvnw -o -q -B -pl cli -am test -Dtest=PlanGoldenTest -Dsurefire.failIfNoSpecifiedTests=false -Dbundlectl.updateGolden=true
 * </pre>
 */
class PlanGoldenTest {

    private static final String UPDATE_PROPERTY = "bundlectl.updateGolden";

    /**
     * @param bundle the sample bundle's directory name
     * @param variant a suffix for the golden file name, or empty
     * @param extraArgs arguments after {@code plan DIR -n demo -o yaml}
     */
    record GoldenCase(String bundle, String variant, List<String> extraArgs) {

        String golden() {
            return "samples/golden/" + bundle + variant + ".plan.yaml";
        }

        String bundlePath() {
            return "samples/bundles/" + bundle;
        }

        @Override
        public String toString() {
            return String.join(" ", command(bundlePath()));
        }

        List<String> command(String path) {
            List<String> args = new ArrayList<>(List.of("plan", path, "-n", "demo", "-o", "yaml"));
            args.addAll(extraArgs);
            return args;
        }
    }

    static Stream<GoldenCase> cases() {
        return Stream.of(
                new GoldenCase("cachebox-operator", "", List.of()),
                new GoldenCase("dashboard-operator", "", List.of("--disable-capability", "Console")),
                new GoldenCase("cachebox-operator", ".render", List.of("--api-surface", "kubernetes-without-olm")));
    }

    @ParameterizedTest(name = "bundlectl {0}")
    @MethodSource("cases")
    void yamlOutputMatchesTheGoldenFile(GoldenCase golden) throws IOException {
        String absolute = TestPaths.arg(golden.bundlePath());
        CliResult result = Cli.run(golden.command(absolute).toArray(String[]::new));
        assertThat(result.exitCode()).as(result.describe()).isEqualTo(ExitCode.OK);
        assertThat(result.err()).isEmpty();
        String actual = result.out().replace(absolute, golden.bundlePath());

        Path file = TestPaths.inRepo(golden.golden());
        if (Boolean.getBoolean(UPDATE_PROPERTY)) {
            Files.writeString(file, actual, StandardCharsets.UTF_8);
            System.out.println("updated " + file + " (" + actual.length() + " chars): review the diff before committing");
        }
        assertThat(file).as("golden file; create it with -D" + UPDATE_PROPERTY + "=true").isRegularFile();
        String expected = Files.readString(file, StandardCharsets.UTF_8);
        if (!expected.equals(actual)) {
            throw new AssertionError(golden.golden() + " does not match `bundlectl " + golden + "`: "
                    + LineDiff.describe(expected, actual)
                    + "If the change is intended, rerun with -D" + UPDATE_PROPERTY + "=true and review the diff.");
        }
    }
}
