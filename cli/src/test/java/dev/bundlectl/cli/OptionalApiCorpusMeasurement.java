package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.bundle.testing.SharedCorpus;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.PlanVerdict;
import dev.bundlectl.plan.model.Step;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * What {@code --optional-api monitoring.coreos.com} changes on the dev corpus: how many of its
 * bundles plan installable on the default surface without and with the flag, and, for each bundle
 * still predicted to fail with it, why (its first blocking step), grouped. Prints the figures;
 * asserts only what must hold whatever the corpus: the flag never makes a plan fail, and it turns
 * every plan that failed only on monitoring APIs installable. Not part of {@code verify} (not named
 * {@code *Test}): {@code ./mvnw -B -ntp -pl cli -am test -Dtest=OptionalApiCorpusMeasurement
 * -Dsurefire.failIfNoSpecifiedTests=false}.
 */
class OptionalApiCorpusMeasurement {

    private static final String MONITORING = "monitoring.coreos.com";
    private static final Pattern UNSERVED =
            Pattern.compile("GroupVersionKind (.*), Kind=(\\S+) not found on the cluster.*");

    /** One bundle's plan: its exit code and, when planned, why it is predicted to fail. */
    private record Outcome(int exitCode, Optional<Step> firstBlocking) {

        boolean installable() {
            return exitCode == ExitCode.OK;
        }
    }

    @Test
    void measureTheCorpusWithAndWithoutTheFlag() {
        List<Path> bundles = SharedCorpus.devBundleDirs();
        int without = 0;
        int with = 0;
        int invalid = 0;
        List<String> fixed = new ArrayList<>();
        Map<String, List<String>> stillFailing = new TreeMap<>();
        for (Path bundle : bundles) {
            String name = SharedCorpus.devName(bundle);
            Outcome plain = plan(bundle);
            Outcome flagged = plan(bundle, "--optional-api", MONITORING);
            if (plain.exitCode() == ExitCode.INVALID_INPUT) {
                invalid++;
                continue;
            }
            assertThat(!plain.installable() || flagged.installable()).as(name + ": the flag never makes a plan fail")
                    .isTrue();
            without += plain.installable() ? 1 : 0;
            with += flagged.installable() ? 1 : 0;
            if (!plain.installable() && flagged.installable()) {
                fixed.add(name);
            }
            flagged.firstBlocking().ifPresent(step -> stillFailing.computeIfAbsent(category(step), c -> new ArrayList<>())
                    .add(name + ": " + step.resource().displayName() + ": " + step.message()));
            if (plain.firstBlocking().isPresent() && onlyMonitoring(bundle)) {
                assertThat(flagged.installable()).as(name + ": failed only on monitoring APIs").isTrue();
            }
        }
        StringBuilder report = new StringBuilder()
                .append("optional-api corpus: ").append(bundles.size()).append(" bundles, ").append(invalid)
                .append(" invalid input; installable on the default surface: ").append(without)
                .append(" without the flag, ").append(with).append(" with --optional-api ").append(MONITORING)
                .append('\n').append("made installable (").append(fixed.size()).append("): ").append(fixed).append('\n')
                .append("still predicted to fail with the flag, by first blocking step:\n");
        stillFailing.forEach((category, names) -> {
            report.append("  ").append(category).append(" (").append(names.size()).append(")\n");
            names.forEach(line -> report.append("    ").append(line).append('\n'));
        });
        System.out.print(report);
    }

    /** Whether every blocking step of the plain plan is of the monitoring group. */
    private static boolean onlyMonitoring(Path bundle) {
        InstallPlan plan = PlanOutput.parse(Cli.run("plan", bundle.toString(), "-o", "json"));
        return plan.steps().stream().filter(PlanVerdict::blocks)
                .allMatch(step -> MONITORING.equals(step.resource().group()));
    }

    private static Outcome plan(Path bundle, String... flags) {
        List<String> args = new ArrayList<>(List.of("plan", bundle.toString(), "-o", "json"));
        args.addAll(List.of(flags));
        CliResult result = Cli.run(args.toArray(String[]::new));
        if (result.exitCode() != ExitCode.OK && result.exitCode() != ExitCode.PLAN_FAILED) {
            return new Outcome(result.exitCode(), Optional.empty());
        }
        InstallPlan plan = PlanOutput.parse(result);
        return new Outcome(result.exitCode(), plan.steps().stream().filter(PlanVerdict::blocks).findFirst());
    }

    /** A reason's kind: an API not served (named), or the step's status with its kind. */
    private static String category(Step step) {
        Matcher unserved = UNSERVED.matcher(step.message() == null ? "" : step.message());
        if (unserved.matches()) {
            return "API not served: " + unserved.group(1) + " " + unserved.group(2);
        }
        return step.status().wireName() + " " + step.resource().kind();
    }
}
