package dev.bundlectl.executor.planning;

import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.plan.olm.ExistingOperatorGroup;
import dev.bundlectl.plan.olm.OlmCluster;
import dev.bundlectl.plan.olm.OperatorGroupChoice;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A reviewed plan's OperatorGroup step against the namespace as it is now (docs/semantics.md §6):
 * the plan was reviewed, perhaps offline, perhaps long ago, and OLM installs a CSV only where
 * there is exactly one OperatorGroup. A plan that would create one beside another, or reuse one
 * that is gone, is refused before anything is written.
 */
final class ReviewedOperatorGroups {

    private ReviewedOperatorGroups() {
    }

    /** Why the reviewed plan no longer fits the namespace's OperatorGroups; empty when it does (or has none). */
    static Optional<String> problem(InstallPlan plan, OlmCluster cluster) {
        Optional<Step> step = plan.steps().stream().filter(OperatorGroupChoice::isStep).findFirst();
        if (step.isEmpty() || cluster.operatorGroups().isEmpty()) {
            return Optional.empty();
        }
        String name = step.get().resource().name();
        String namespace = step.get().resource().namespace();
        List<ExistingOperatorGroup> found = cluster.operatorGroups().get();
        String names = found.stream().map(ExistingOperatorGroup::name).sorted().collect(Collectors.joining(", "));
        String again = "; plan again against this cluster";
        if (step.get().status() == StepStatus.PRESENT) {
            boolean stillThere = found.size() == 1 && found.get(0).name().equals(name);
            return stillThere ? Optional.empty() : Optional.of("the reviewed plan uses OperatorGroup " + name + " of "
                    + namespace + ", but the namespace now has " + (found.isEmpty() ? "none" : names) + again);
        }
        boolean others = found.stream().anyMatch(group -> !group.name().equals(name));
        return others ? Optional.of("the reviewed plan creates OperatorGroup " + name + " in " + namespace
                + ", which already has " + names + ": OLM would refuse the CSV (TooManyOperatorGroups)" + again)
                : Optional.empty();
    }
}
