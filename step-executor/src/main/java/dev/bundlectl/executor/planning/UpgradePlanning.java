package dev.bundlectl.executor.planning;

import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.executor.capability.ExistenceCheck;
import dev.bundlectl.executor.records.PreviousInstall;
import dev.bundlectl.executor.rollback.RollbackChecks;
import dev.bundlectl.executor.rollback.RollbackVerdict;
import dev.bundlectl.plan.model.PlanCondition;
import dev.bundlectl.plan.PlanResult;
import dev.bundlectl.plan.PlanVerdict;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.planned.PlannedInstall;
import dev.bundlectl.plan.upgrade.ObjectKey;
import dev.bundlectl.plan.upgrade.UpgradeDecision;
import dev.bundlectl.plan.upgrade.UpgradeEdges;
import dev.bundlectl.plan.upgrade.UpgradePath;
import dev.bundlectl.plan.upgrade.UpgradeSteps;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Makes a bundle's plan the plan of an upgrade when the target already holds an install of its
 * package with another CSV: refuses an unconnected CSV unless forced, then marks each step create,
 * update or present from what exists on the cluster, and adds the delete and keep steps for what
 * the new bundle no longer has ({@code plan.upgrade}). A first install and a re-run of the
 * installed CSV keep their plan. A forced lower version, a rollback, must first pass the rollback
 * checks against the live CRDs ({@link RollbackChecks}). Reached through {@link ClusterPlanning#upgrade}.
 */
final class UpgradePlanning {

    private final ClusterPlanning cluster;
    private final Vertx vertx;
    private final RollbackChecks checks;

    /** @param checks what a plan that goes to a lower version must pass against the live CRDs */
    UpgradePlanning(ClusterPlanning cluster, Vertx vertx, RollbackChecks checks) {
        this.cluster = cluster;
        this.vertx = vertx;
        this.checks = checks;
    }

    Future<UpgradeOutcome> apply(PlanResult result, PreviousInstall previous, PlanTarget target, boolean force) {
        InstallPlan plan = result.plan();
        Optional<UpgradeEdges> edges = UpgradeEdges.ofPlan(plan);
        if (edges.isEmpty()) {
            return Future.succeededFuture(new UpgradeOutcome.Planned(result, List.of()));
        }
        UpgradeDecision decision = UpgradePath.decide(previous.installedVersion(), edges.get(), force);
        if (decision instanceof UpgradeDecision.Refused refused) {
            return Future.succeededFuture(new UpgradeOutcome.Refused(refused));
        }
        if (decision instanceof UpgradeDecision.FirstInstall) {
            // The CSV as OLM's InstallPlan writes it on a first install: only that step changes.
            return vertx.executeBlocking(() -> new UpgradeOutcome.Planned(new PlanResult(result.planned().withPlan(
                    UpgradeSteps.apply(plan, decision, null), step -> step.resource().groupKind().isCsv()),
                    result.diagnostics(), result.verdict()), List.of()), false);
        }
        if (decision instanceof UpgradeDecision.Rerun rerun && !UpgradeSteps.leavesBehind(plan, rerun.installed())) {
            // A re-run of the installed CSV with nothing left over: planned as it always was.
            return Future.succeededFuture(new UpgradeOutcome.Planned(result, List.of()));
        }
        PlannedInstall planned = result.planned();
        // The existence check answers by object identity, so each step's manifest is made once.
        List<Manifest> manifests = planned.steps().stream().map(step -> step.manifest()).toList();
        return cluster.existing(sent(planned, manifests), target.placementNamespace())
                // Marking and re-reading the plan parses every manifest: a worker's job, not an event loop's.
                .compose(check -> vertx.executeBlocking(() -> {
                    InstallPlan upgraded = UpgradeSteps.apply(plan, decision, keys(planned, manifests, check));
                    // The delete and keep steps are new objects of the plan: read the document once more into the planned shape.
                    return new UpgradeOutcome.Planned(new PlanResult(PlannedInstall.read(upgraded), result.diagnostics(),
                            PlanVerdict.of(upgraded.steps())), check.warnings());
                }, false))
                .compose(upgraded -> decision instanceof UpgradeDecision.Upgrade upgrade && upgrade.rollback()
                        ? checkedRollback(upgrade, upgraded) : Future.succeededFuture(upgraded));
    }

    /**
     * A rollback's plan once its CRDs passed the rollback checks against the live ones, saying what
     * was checked in its condition; or refused (docs/semantics.md §9, "Rollbacks").
     */
    private Future<UpgradeOutcome> checkedRollback(UpgradeDecision.Upgrade rollback, UpgradeOutcome.Planned planned) {
        PlanResult result = planned.result();
        return checks.check(result.planned()).map(verdict -> {
            List<String> warnings = planned.warnings();
            if (verdict instanceof RollbackVerdict.Refused refused) {
                return new UpgradeOutcome.RollbackRefused(result, refused, warnings, "cannot roll back "
                        + rollback.from().packageName() + " " + rollback.fromTo() + ": " + refused.oneLine()
                        + "; nothing was applied");
            }
            InstallPlan checked = result.plan().withCondition(new PlanCondition(RollbackVerdict.CONDITION_TYPE, "True",
                    RollbackVerdict.PASSED, ((RollbackVerdict.Safe) verdict).summary(), null));
            return new UpgradeOutcome.Planned(new PlanResult(result.planned().withPlan(checked), result.diagnostics(),
                    result.verdict()), warnings);
        });
    }

    /** The manifests of the steps that will be sent: only those can exist because of this plan. */
    private static List<Manifest> sent(PlannedInstall planned, List<Manifest> manifests) {
        List<Manifest> sent = new ArrayList<>();
        for (int index = 0; index < manifests.size(); index++) {
            if (!planned.steps().get(index).step().status().isNeverSent()) {
                sent.add(manifests.get(index));
            }
        }
        return sent;
    }

    /** The identities of the plan's objects that exist now. */
    private static Set<ObjectKey> keys(PlannedInstall planned, List<Manifest> manifests, ExistenceCheck check) {
        Set<ObjectKey> keys = new HashSet<>();
        for (int index = 0; index < manifests.size(); index++) {
            if (check.exists(manifests.get(index))) {
                keys.add(ObjectKey.of(planned.steps().get(index).step().resource()));
            }
        }
        return keys;
    }
}
