package dev.bundlectl.cli;

import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.bundle.yaml.InputFileException;
import dev.bundlectl.plan.output.InstallPlanCodec;
import java.util.List;

/** Reads the InstallPlan that {@code plan -o yaml|json} printed, the way a user's tooling would. */
final class PlanOutput {

    private PlanOutput() {
    }

    /** The plan on stdout, parsed with {@link InstallPlanCodec#parse}; fails the test if it does not parse. */
    static InstallPlan parse(CliResult result) {
        try {
            return InstallPlanCodec.parse(result.out(), "stdout");
        } catch (InputFileException e) {
            throw new AssertionError("plan output does not parse: " + e.getMessage() + "\n" + result.describe(), e);
        }
    }

    /** One step as {@code Kind name}, for readable assertions on order. */
    static String kindAndName(Step step) {
        return step.resource().kind() + " " + step.resource().name();
    }

    /** The steps that have this status and message. */
    static List<Step> withStatus(InstallPlan plan, StepStatus status, String message) {
        return plan.steps().stream()
                .filter(step -> step.status() == status && message.equals(step.message()))
                .toList();
    }
}
