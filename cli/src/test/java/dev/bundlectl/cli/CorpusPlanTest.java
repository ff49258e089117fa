package dev.bundlectl.cli;

import dev.bundlectl.bundle.testing.SharedCorpus;
import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.bundle.Bundle;
import dev.bundlectl.bundle.BundleReadResult;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.kinds.GroupKind;
import dev.bundlectl.bundle.read.BundleReader;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.InstallPlanPhase;
import dev.bundlectl.render.OlmInstallPlanRbac;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;

/**
 * {@code bundlectl plan DIR -o json} on every real bundle of the dev corpus, in one JVM: each one
 * plans (exit 0 or 3) or is rejected as invalid input (exit 2) with {@code error:} lines naming a
 * file; none ends in exit 1 or a stack trace. A plan has one step per object the reader found, and
 * in OLM mode (the default surface serves OLM's CSV API) an OperatorGroup step in front and one step
 * per ServiceAccount and RBAC object that OLM's InstallPlan generates from the CSV's permissions.
 */
class CorpusPlanTest {

    /** Where a diagnostic line says the problem is: {@code error: <file>[doc N]: ...}. */
    private static final Pattern ERROR_LOCATION = Pattern.compile("^error: ([^:\\[]+?)(?:\\[doc \\d+])?: .+");
    private static final String ODD_LAYOUT = "_oddlayout";

    @Test
    void everyDevBundlePlansOrIsRejectedWithAClearError() {
        List<Path> bundles = SharedCorpus.devBundleDirs();
        assertThat(bundles).as("bundle directories under " + devRoot()).hasSize(listedBundleCount());

        SoftAssertions softly = new SoftAssertions();
        Map<Integer, List<String>> byExitCode = new TreeMap<>();
        for (Path bundle : bundles) {
            String name = devRoot().relativize(bundle).toString();
            CliResult result = Cli.run("plan", bundle.toString(), "-o", "json");
            byExitCode.computeIfAbsent(result.exitCode(), code -> new ArrayList<>())
                    .add(name + summary(result));
            checkOne(softly, bundle, name, result);
        }
        printSummary(bundles.size(), byExitCode);
        softly.assertAll();
    }

    private static void checkOne(SoftAssertions softly, Path bundle, String name, CliResult result) {
        softly.assertThat(result.exitCode()).as(name + ": exit code\n" + result.describe())
                .isIn(ExitCode.OK, ExitCode.INVALID_INPUT, ExitCode.PLAN_FAILED);
        softly.assertThat(result.showsStackTrace()).as(name + ": stack trace or exception name\n" + result.describe())
                .isFalse();
        if (name.startsWith(ODD_LAYOUT + "/")) {
            softly.assertThat(result.exitCode()).as(name + ": a folder that is not a bundle root\n" + result.describe())
                    .isEqualTo(ExitCode.INVALID_INPUT);
            softly.assertThat(result.errLines()).as(name + ": layout message")
                    .anyMatch(line -> line.startsWith("error: manifests/: there is no manifests/ directory"));
        }
        if (result.exitCode() == ExitCode.INVALID_INPUT) {
            checkErrorLinesNameFiles(softly, bundle, name, result);
        } else if (result.exitCode() == ExitCode.OK || result.exitCode() == ExitCode.PLAN_FAILED) {
            checkPlan(softly, bundle, name, result);
        }
    }

    private static void checkErrorLinesNameFiles(SoftAssertions softly, Path bundle, String name, CliResult result) {
        softly.assertThat(result.out()).as(name + ": no plan on stdout for invalid input").isEmpty();
        List<String> errors = result.errLines().stream().filter(line -> line.startsWith("error: ")).toList();
        softly.assertThat(errors).as(name + ": error lines\n" + result.describe()).isNotEmpty();
        for (String line : errors) {
            Matcher matcher = ERROR_LOCATION.matcher(line);
            boolean located = matcher.matches();
            softly.assertThat(located).as(name + ": error line names no location: " + line).isTrue();
            if (located) {
                String location = matcher.group(1);
                // A layout error names the directory that is missing, and says so.
                boolean namesMissingDirectory = line.contains("there is no " + location + " directory");
                softly.assertThat(Files.exists(bundle.resolve(location)) || namesMissingDirectory)
                        .as(name + ": error line names " + location + ", which is not in the bundle: " + line)
                        .isTrue();
            }
        }
    }

    private static void checkPlan(SoftAssertions softly, Path bundle, String name, CliResult result) {
        InstallPlan plan;
        try {
            plan = PlanOutput.parse(result);
        } catch (AssertionError e) {
            softly.fail(name + ": " + e.getMessage());
            return;
        }
        BundleReadResult read = new BundleReader().read(bundle);
        softly.assertThat(read.bundle()).as(name + ": the reader's bundle").isPresent();
        read.bundle().ifPresent(readBundle -> {
            boolean olmMode = "olm".equals(plan.metadata().annotations().get("bundlectl.dev/csv-mode"));
            int added = olmMode ? 1 + OlmInstallPlanRbac.of(readBundle.csv(), plan.metadata().namespace(),
                    shippedServiceAccounts(readBundle)).size() : 0;
            softly.assertThat(plan.steps())
                    .as(name + ": one step per object the reader returned, and the " + added + " OLM mode adds")
                    .hasSize(readBundle.manifests().size() + added);
            if (olmMode) {
                softly.assertThat(plan.steps().get(0).resource().kind()).as(name + ": OLM mode's OperatorGroup first")
                        .isEqualTo("OperatorGroup");
            }
        });
        InstallPlanPhase expectedPhase = result.exitCode() == ExitCode.OK
                ? InstallPlanPhase.REQUIRES_APPROVAL : InstallPlanPhase.FAILED;
        softly.assertThat(plan.status().phase()).as(name + ": phase for exit " + result.exitCode())
                .isEqualTo(expectedPhase);
    }

    private static Set<String> shippedServiceAccounts(Bundle bundle) {
        return bundle.manifests().stream().filter(manifest -> manifest.groupKind().equals(GroupKind.SERVICE_ACCOUNT))
                .map(Manifest::name).collect(Collectors.toSet());
    }

    private static String summary(CliResult result) {
        if (result.exitCode() == ExitCode.INVALID_INPUT) {
            List<String> lines = result.errLines();
            return lines.isEmpty() ? "" : "  " + lines.get(0) + (lines.size() > 1 ? " (+" + (lines.size() - 1) + ")" : "");
        }
        if (result.exitCode() == ExitCode.PLAN_FAILED) {
            Matcher message = Pattern.compile("\"message\" : \"([^\"]*)\"").matcher(result.out());
            return message.find() ? "  " + message.group(1) : "";
        }
        return "";
    }

    private static void printSummary(int total, Map<Integer, List<String>> byExitCode) {
        StringBuilder text = new StringBuilder("corpus plan: ").append(total).append(" bundles;");
        byExitCode.forEach((code, names) -> text.append(" exit ").append(code).append(": ").append(names.size()).append(';'));
        text.append('\n');
        byExitCode.forEach((code, names) -> {
            if (code != ExitCode.OK) {
                text.append("exit ").append(code).append(":\n");
                names.forEach(line -> text.append("  ").append(line).append('\n'));
            }
        });
        System.out.print(text);
    }

    private static Path devRoot() {
        return TestPaths.corpus().resolve("dev");
    }

    /** How many bundles {@code dev.list} describes (one line each, after {@code #} comments). */
    private static int listedBundleCount() {
        try (Stream<String> lines = Files.lines(TestPaths.corpus().resolve("dev.list"))) {
            return (int) lines.filter(line -> !line.isBlank() && !line.startsWith("#")).count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
