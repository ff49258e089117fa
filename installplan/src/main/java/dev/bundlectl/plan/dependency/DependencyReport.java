package dev.bundlectl.plan.dependency;

import dev.bundlectl.plan.model.DependencyState;
import dev.bundlectl.plan.model.PlanCondition;
import dev.bundlectl.plan.model.PlanDependency;
import java.util.List;
import java.util.Optional;

/**
 * A bundle's dependencies as judged, and what they mean for its plan: the CSV step's failure, the
 * {@code Dependencies} condition and the warnings.
 *
 * @param statuses each dependency with its status, in the bundle's order
 * @param ignored whether {@code --ignore-dependencies} was given
 * @param namespace the install namespace, for messages
 */
public record DependencyReport(List<PlanDependency> statuses, boolean ignored, String namespace) {

    /** The plan condition's type. */
    public static final String CONDITION = "Dependencies";

    public DependencyReport {
        statuses = List.copyOf(statuses);
    }

    /**
     * Why the CSV's step fails, when a dependency is unmet and not ignored: OLM's resolver would
     * not install the bundle.
     */
    public Optional<String> failure() {
        List<String> unmet = unmet();
        if (unmet.isEmpty() || ignored) {
            return Optional.empty();
        }
        return Optional.of("DependenciesNotMet: OLM would not install this bundle without " + String.join("; ", unmet)
                + " (install it first, install from a catalog that has it with --catalog, or give"
                + " --ignore-dependencies)");
    }

    /** The {@code Dependencies} condition; empty when the bundle declares none. */
    public Optional<PlanCondition> condition() {
        if (statuses.isEmpty()) {
            return Optional.empty();
        }
        List<String> unmet = unmet();
        if (!unmet.isEmpty()) {
            return Optional.of(new PlanCondition(CONDITION, "False", ignored ? "Ignored" : "DependenciesNotMet",
                    (ignored ? "--ignore-dependencies: installed without " : "unmet: ") + String.join("; ", unmet),
                    null));
        }
        long unknown = statuses.stream().filter(status -> status.status() == DependencyState.UNKNOWN).count();
        if (unknown > 0) {
            return Optional.of(new PlanCondition(CONDITION, "Unknown", "NotChecked", unknown + " of " + statuses.size()
                    + " not checked: the plan was made offline", null));
        }
        return Optional.of(new PlanCondition(CONDITION, "True", "Satisfied",
                statuses.size() + (statuses.size() == 1 ? " dependency" : " dependencies") + " satisfied", null));
    }

    /** Warnings for the plan: dependencies left unchecked, or unmet and ignored. */
    public List<String> warnings() {
        List<String> unmet = unmet();
        if (!unmet.isEmpty() && ignored) {
            return List.of("--ignore-dependencies: the operator may not work without " + String.join("; ", unmet));
        }
        List<String> unknown = statuses.stream().filter(status -> status.status() == DependencyState.UNKNOWN)
                .map(PlanDependency::describe).toList();
        if (unknown.isEmpty()) {
            return List.of();
        }
        return List.of("dependencies not checked offline (plan against the cluster to check them): "
                + String.join("; ", unknown));
    }

    private List<String> unmet() {
        return statuses.stream().filter(status -> status.status() == DependencyState.UNSATISFIED)
                .map(status -> status.describe() + " (" + status.message() + ")").toList();
    }
}
