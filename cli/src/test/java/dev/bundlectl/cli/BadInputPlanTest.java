package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Hostile and broken bundles through {@code bundlectl plan}: each is rejected with exit 2 and
 * one {@code error:} line naming the file and the problem, never a stack trace. The inputs are
 * generated in a temporary directory at test time.
 *
 * <p>The specification asks for a rejection within 2 seconds. Unit tests do not assert on speed
 * (benchmarks do); each run prints its elapsed time, and a 10-second preemptive timeout only stops
 * a run that hangs (an unbounded alias expansion or a quadratic scan).
 */
class BadInputPlanTest {

    private static final Duration SAFETY_NET = Duration.ofSeconds(10);

    /** Prepares a bad bundle from a valid minimal one. */
    @FunctionalInterface
    interface Breakage {
        void apply(BundleFixture bundle) throws IOException;
    }

    /**
     * One bad input.
     *
     * @param name what is wrong, for the test name
     * @param breakage how the minimal bundle is broken
     * @param expectedError the exact stderr line
     */
    record BadInput(String name, Breakage breakage, String expectedError) {

        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<BadInput> badInputs() {
        return Stream.of(
                new BadInput("alias bomb", bundle -> bundle.write("manifests/bomb.yaml", aliasBomb()),
                        "error: manifests/bomb.yaml[doc 0]: YAML aliases expand to more than 100000 nodes in this file "
                                + "(the reader's limit; an alias bomb?) (line 11, column 10)"),
                new BadInput("50 MB one-line scalar", bundle -> bundle.writeLongScalar("manifests/huge.yaml", 50L << 20),
                        "error: manifests/huge.yaml: the file is 52428869 bytes, more than the limit of 16777216 bytes; "
                                + "it was not read"),
                new BadInput("2 MB one-line scalar", bundle -> bundle.writeLongScalar("manifests/long.yaml", 2L << 20),
                        "error: manifests/long.yaml: line 6 is longer than the limit of 1048576 bytes (such lines take "
                                + "quadratic time to parse); it was not parsed"),
                new BadInput("nesting 10,000 deep", bundle -> bundle.write("manifests/deep.yaml",
                                "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: deep\ndata:\n  x: "
                                        + "[".repeat(10_000) + "]".repeat(10_000) + "\n"),
                        "error: manifests/deep.yaml[doc 0]: mappings and sequences nest deeper than 256 levels "
                                + "(the reader's limit) (line 6, column 260)"),
                new BadInput("no CSV", bundle -> {
                    bundle.write(BundleFixture.CSV_FILE, "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: only\n");
                },
                        "error: manifests/: the bundle has no valid ClusterServiceVersion; it needs exactly one"),
                new BadInput("two CSVs", bundle -> bundle.write("manifests/second.clusterserviceversion.yaml",
                                BundleFixture.csv("operators.coreos.com/v1alpha1", "tiny-operator.v0.2.0", "")),
                        "error: manifests/: the bundle has 2 ClusterServiceVersions (ClusterServiceVersion/"
                                + "tiny-operator.v0.2.0 in manifests/second.clusterserviceversion.yaml[doc 0]; "
                                + "ClusterServiceVersion/tiny-operator.v0.1.0 in "
                                + "manifests/tiny-operator.clusterserviceversion.yaml[doc 0]); it needs exactly one"),
                new BadInput("missing kind", bundle -> bundle.write("manifests/kindless.yaml",
                                "apiVersion: v1\nmetadata:\n  name: kindless\ndata:\n  a: b\n"),
                        "error: manifests/kindless.yaml[doc 0]: kindless: field kind: the object has no kind"),
                new BadInput("malformed olm.properties", bundle -> bundle.write(BundleFixture.CSV_FILE,
                                BundleFixture.csv("operators.coreos.com/v1alpha1", BundleFixture.CSV_NAME,
                                        "    olm.properties: '[{\"type\": \"olm.maxOpenShiftVersion\", \"value\": '\n")),
                        "error: manifests/tiny-operator.clusterserviceversion.yaml[doc 0]: ClusterServiceVersion/"
                                + "tiny-operator.v0.1.0: field metadata.annotations[\"olm.properties\"]: the annotation is "
                                + "not valid JSON: at line 1, column 47: Unexpected end-of-input within/between Object entries"));
    }

    /** Plans a valid bundle once, so that class loading does not count in the first case's elapsed time. */
    @BeforeAll
    static void warmUp(@TempDir Path dir) throws IOException {
        CliResult result = Cli.run("plan", BundleFixture.minimal(dir).root().toString());
        assertThat(result.exitCode()).as(result.describe()).isEqualTo(ExitCode.OK);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badInputs")
    void isRejectedWithOneLineNamingTheFile(BadInput input, @TempDir Path dir) throws IOException {
        BundleFixture bundle = BundleFixture.minimal(dir);
        input.breakage().apply(bundle);

        CliResult result = assertTimeoutPreemptively(SAFETY_NET, () -> Cli.run("plan", bundle.root().toString()));
        System.out.printf("bad input %-24s exit %d in %4d ms%n", input.name(), result.exitCode(),
                result.elapsed().toMillis());

        assertThat(result.exitCode()).as(result.describe()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(result.out()).isEmpty();
        assertThat(result.showsStackTrace()).as(result.describe()).isFalse();
        assertThat(result.errLines()).containsExactly(input.expectedError());
    }

    @Test
    void anOptionalEntryThatMatchesNothingIsAWarningAndThePlanGoesOn(@TempDir Path dir) throws IOException {
        BundleFixture bundle = BundleFixture.minimal(dir).write("metadata/properties.yaml", """
                properties:
                  - type: olm.manifests.optional
                    value:
                      manifests:
                        - group: monitoring.coreos.com
                          kind: ServiceMonitor
                          name: not-in-this-bundle
                """);

        CliResult result = assertTimeoutPreemptively(SAFETY_NET, () -> Cli.run("plan", bundle.root().toString()));
        System.out.printf("optional entry matching nothing: exit %d in %d ms%n", result.exitCode(),
                result.elapsed().toMillis());

        assertThat(result.exitCode()).as(result.describe()).isEqualTo(ExitCode.OK);
        assertThat(result.errLines()).containsExactly("warning: metadata/properties.yaml[doc 0]: field "
                + "properties[0].value.manifests[0]: no manifest in the bundle is ServiceMonitor/not-in-this-bundle "
                + "of group \"monitoring.coreos.com\"; the entry has no effect");
        assertThat(PlanCommandTest.tableRows(result)).containsExactly(
                "1|OperatorGroup|default|default|no|Unknown|OLM mode: offline, so assumed that default has no"
                        + " OperatorGroup: one is created for AllNamespaces",
                "2|ClusterServiceVersion|tiny-operator.v0.1.0|default|no|Unknown|" + PlanCommandTest.OLM_CSV_ASSUMED);
    }

    /**
     * Names other names and labels are made from are refused as the API server would refuse them,
     * in render mode too, and none is cut to fit (docs/semantics.md §2).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("refusedNames")
    void aNameTheServerWouldRefuseIsRefusedInEveryModeAndNeverCutToFit(String name, String csvName, String packageName,
            String expectedError, @TempDir Path dir) throws IOException {
        BundleFixture bundle = BundleFixture.minimal(dir);
        bundle.write(BundleFixture.CSV_FILE, BundleFixture.csv("operators.coreos.com/v1alpha1", csvName, ""));
        bundle.write("metadata/annotations.yaml", "annotations:\n"
                + "  operators.operatorframework.io.bundle.mediatype.v1: registry+v1\n"
                + "  operators.operatorframework.io.bundle.package.v1: " + packageName + "\n");

        for (String mode : List.of("olm", "render")) {
            CliResult result = Cli.run("plan", bundle.root().toString(), "--csv-mode", mode);

            assertThat(result.exitCode()).as(mode + "\n" + result.describe()).isEqualTo(ExitCode.INVALID_INPUT);
            assertThat(result.out()).isEmpty();
            assertThat(result.errLines()).as(mode).containsExactly(expectedError);
        }
    }

    static Stream<org.junit.jupiter.params.provider.Arguments> refusedNames() {
        String subdomain = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or"
                + " '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for"
                + " validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
        String csv = "error: manifests/tiny-operator.clusterserviceversion.yaml[doc 0]: ClusterServiceVersion/";
        String longPackage = "a".repeat(10_000);
        return Stream.of(
                org.junit.jupiter.params.provider.Arguments.of("a path as the CSV's name", "../../../tmp/x",
                        "tiny-operator", csv + "../../../tmp/x: field metadata.name: invalid name \"../../../tmp/x\": "
                                + subdomain + " (the API server refuses such a ClusterServiceVersion)"),
                org.junit.jupiter.params.provider.Arguments.of("a CSV name too long for a label", "t".repeat(64),
                        "tiny-operator", csv + "t".repeat(64) + ": field metadata.name: invalid name \""
                                + "t".repeat(64) + "\": must be no more than 63 characters (it has 64): it becomes the"
                                + " value of the labels olm.owner and bundlectl.dev/csv, and bundlectl cuts no name to"
                                + " fit"),
                org.junit.jupiter.params.provider.Arguments.of("a 10,000-character package name", BundleFixture.CSV_NAME,
                        longPackage, "error: metadata/annotations.yaml: field annotations.operators.operatorframework."
                                + "io.bundle.package.v1: invalid name \"" + "a".repeat(63) + "…\": must be no more than"
                                + " 253 characters (OLM and the API server refuse it as a name)"),
                org.junit.jupiter.params.provider.Arguments.of("an upper-case package name", BundleFixture.CSV_NAME,
                        "Tiny_Operator", "error: metadata/annotations.yaml: field annotations.operators."
                                + "operatorframework.io.bundle.package.v1: invalid name \"Tiny_Operator\": " + subdomain
                                + " (OLM and the API server refuse it as a name)"));
    }

    @Test
    void aDirectoryThatDoesNotExistIsInvalidInput(@TempDir Path dir) {
        Path missing = dir.resolve("no-such-bundle");

        CliResult result = Cli.run("plan", missing.toString());

        assertThat(result.exitCode()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(result.errLines()).containsExactly("error: " + missing + ": not a directory (expected a bundle "
                + "with manifests/ and metadata/, or a directory of release-payload manifests)");
    }

    /** Nine levels of nine aliases each: 9^9 (387 million) nodes once expanded. */
    private static String aliasBomb() {
        StringBuilder yaml = new StringBuilder("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: bomb\ndata:\n");
        yaml.append("  a: &a [").append(String.join(",", Collections.nCopies(9, "lol"))).append("]\n");
        String previous = "a";
        for (String level : List.of("b", "c", "d", "e", "f", "g", "h", "i")) {
            yaml.append("  ").append(level).append(": &").append(level).append(" [")
                    .append(String.join(",", Collections.nCopies(9, "*" + previous))).append("]\n");
            previous = level;
        }
        return yaml.toString();
    }
}
