package dev.bundlectl.cli;

import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.executor.capability.ExistenceCheck;
import dev.bundlectl.plan.PlanResult;
import dev.bundlectl.plan.PlanVerdict;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.plan.payload.StepManifests;
import dev.bundlectl.plan.upgrade.ObjectKey;
import dev.bundlectl.plan.upgrade.UpgradeDecision;
import dev.bundlectl.plan.upgrade.UpgradeEdges;
import dev.bundlectl.plan.upgrade.UpgradePath;
import dev.bundlectl.plan.upgrade.UpgradeSteps;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Makes a bundle's plan the plan of an upgrade when the namespace already holds an install of its
 * package with another CSV: refuses an unconnected CSV unless forced, then marks each step create,
 * update or present from what exists on the cluster, and adds the delete and keep steps for what
 * the new bundle no longer has ({@code plan.upgrade}). A first install and a re-run of the
 * installed CSV are planned as before.
 */
final class UpgradePlanning {

    private final ClusterCapabilities cluster;

    UpgradePlanning(ClusterCapabilities cluster) {
        this.cluster = cluster;
    }

    /**
     * The plan for installing {@code result}'s bundle into {@code target}.
     *
     * @throws UserInputException naming both versions when the new CSV does not upgrade from the
     *     installed one and {@code force} is not set
     */
    PlanResult apply(PlanResult result, ClusterCapabilities.Target target, boolean force) {
        InstallPlan plan = result.plan();
        Optional<UpgradeEdges> edges = UpgradeEdges.ofPlan(plan);
        if (edges.isEmpty()) {
            return result;
        }
        UpgradeDecision decision = UpgradePath.decide(cluster.previousInstall(target).installedVersion(), edges.get(),
                force);
        if (decision instanceof UpgradeDecision.Refused refused) {
            throw new UserInputException(refused.message());
        }
        if (!(decision instanceof UpgradeDecision.Upgrade)) {
            // A first install, or a re-run of the installed CSV: planned as it always was.
            return result;
        }
        InstallPlan upgraded = UpgradeSteps.apply(plan, decision, existing(plan, target));
        return new PlanResult(upgraded, result.diagnostics(), PlanVerdict.of(upgraded.steps()));
    }

    /** The identities of the plan's objects that exist now, for the steps that will be sent. */
    private Set<ObjectKey> existing(InstallPlan plan, ClusterCapabilities.Target target) {
        Map<Integer, Manifest> manifests = StepManifests.of(plan);
        List<Manifest> sent = new ArrayList<>();
        manifests.forEach((index, manifest) -> {
            StepStatus status = plan.steps().get(index).status();
            if (status != StepStatus.NOT_CREATED && status != StepStatus.UNSUPPORTED_RESOURCE) {
                sent.add(manifest);
            }
        });
        ExistenceCheck check = cluster.existing(sent, target);
        Set<ObjectKey> keys = new HashSet<>();
        manifests.forEach((index, manifest) -> {
            if (check.exists(manifest)) {
                keys.add(ObjectKey.of(plan.steps().get(index).resource()));
            }
        });
        return keys;
    }
}
