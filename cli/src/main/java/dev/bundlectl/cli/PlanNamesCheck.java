package dev.bundlectl.cli;

import dev.bundlectl.plan.PlanNames;

/** Namespace flags checked as Kubernetes names, as invalid input (exit 2) naming the flag. */
final class PlanNamesCheck {

    private PlanNamesCheck() {
    }

    static void namespace(String flag, String value) {
        PlanNames.namespaceProblem(value).ifPresent(problem -> {
            throw new UserInputException(flag + " " + value + ": " + problem);
        });
    }
}
