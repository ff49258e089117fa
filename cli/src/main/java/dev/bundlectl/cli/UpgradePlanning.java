package dev.bundlectl.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bundlectl.bundle.yaml.Mappers;
import dev.bundlectl.executor.planning.ClusterPlanning;
import dev.bundlectl.executor.planning.PlanTarget;
import dev.bundlectl.executor.records.PreviousInstall;
import dev.bundlectl.plan.planned.PlannedInstall;
import java.io.PrintWriter;
import dev.bundlectl.bundle.Diagnostics;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.executor.capability.ExistenceCheck;
import dev.bundlectl.plan.PlanResult;
import dev.bundlectl.plan.PlanVerdict;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.plan.upgrade.ObjectKey;
import dev.bundlectl.plan.upgrade.UpgradeDecision;
import dev.bundlectl.plan.upgrade.UpgradeEdges;
import dev.bundlectl.plan.upgrade.UpgradePath;
import dev.bundlectl.plan.upgrade.UpgradeSteps;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
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

    private static final ObjectMapper JSON = Mappers.JSON;

    private final ClusterPlanning cluster;
    private final PrintWriter err;

    /**
     * @param cluster reads which of the plan's objects exist now
     * @param err where warnings about objects that could not be read go
     */
    UpgradePlanning(ClusterPlanning cluster, PrintWriter err) {
        this.cluster = cluster;
        this.err = err;
    }

    /**
     * The plan for installing {@code result}'s bundle into {@code target}, given the latest install
     * that the planning reading found.
     *
     * @throws UserInputException naming both versions when the new CSV does not upgrade from the
     *     installed one and {@code force} is not set
     */
    PlanResult apply(PlanResult result, PreviousInstall previous, PlanTarget target, boolean force) {
        InstallPlan plan = result.plan();
        Optional<UpgradeEdges> edges = UpgradeEdges.ofPlan(plan);
        if (edges.isEmpty()) {
            return result;
        }
        UpgradeDecision decision = UpgradePath.decide(previous.installedVersion(), edges.get(), force);
        if (decision instanceof UpgradeDecision.Refused refused) {
            throw new UserInputException(refused.message());
        }
        if (!(decision instanceof UpgradeDecision.Upgrade)) {
            // A first install, or a re-run of the installed CSV: planned as it always was.
            return result;
        }
        InstallPlan upgraded = UpgradeSteps.apply(plan, decision, existing(result.planned(), target));
        // The delete and keep steps are new objects of the plan: read the document once more into the planned shape.
        return new PlanResult(PlannedInstall.read(upgraded), result.diagnostics(), PlanVerdict.of(upgraded.steps()));
    }

    /**
     * A reviewed plan, checked against the latest install record: its CSV must still upgrade from
     * the installed one (or be forced), and its delete and keep steps must be those the record
     * asks for now, object for object and uid for uid; otherwise the file was made against another
     * install (or offline) and is refused before anything is written.
     *
     * @param plan the reviewed plan, its delete and keep steps at the end
     * @param source the plan file, for messages
     * @return the plan to apply: the bundle's steps, marked afresh, and the checked delete and keep steps
     */
    PlannedInstall checkReviewed(PlannedInstall plan, PreviousInstall previous, PlanTarget target, String source,
            boolean force) {
        InstallPlan bundleOnly = UpgradeSteps.bundleOnly(plan.plan());
        PlannedInstall bundleSteps = PlannedInstall.of(bundleOnly, plan.steps().subList(0, bundleOnly.steps().size()));
        PlanResult fresh = apply(new PlanResult(bundleSteps, Diagnostics.NONE, PlanVerdict.of(bundleOnly.steps())),
                previous, target, force);
        List<String> reviewed = describe(UpgradeSteps.previousInstallSteps(plan.plan()));
        List<String> now = describe(UpgradeSteps.previousInstallSteps(fresh.plan()));
        if (!reviewed.equals(now)) {
            throw new UserInputException(source + ": the plan's delete and keep steps " + (reviewed.isEmpty() ? "(none)"
                    : String.join(", ", reviewed)) + " are not those the latest install of " + target.packageName()
                    + " in namespace " + target.namespace() + " asks for now (" + (now.isEmpty() ? "none"
                    : String.join(", ", now)) + "); nothing was applied: plan again against the cluster and review the "
                    + "new plan");
        }
        return fresh.planned();
    }
    /** {@code Delete ConfigMap/ns/name (uid …)} for each step, for comparing and for messages. */
    private static List<String> describe(List<Step> steps) {
        List<String> described = new ArrayList<>();
        for (Step step : steps) {
            String uid = uidOf(step);
            described.add(step.action().wireName() + " " + step.resource().displayName()
                    + (uid == null ? "" : " (uid " + uid + ")"));
        }
        return described;
    }

    private static String uidOf(Step step) {
        try {
            JsonNode uid = JSON.readTree(step.resource().manifest() == null ? "{}" : step.resource().manifest())
                    .path("metadata").path("uid");
            return uid.isTextual() ? uid.asText() : null;
        } catch (JsonProcessingException e) {
            // An unreadable manifest names no uid; the comparison then fails on its own.
            return null;
        }
    }

    /** The identities of the plan's objects that exist now, for the steps that will be sent. */
    private Set<ObjectKey> existing(PlannedInstall planned, PlanTarget target) {
        // The existence check answers by object identity, so each step's manifest is made once.
        List<Manifest> manifests = planned.steps().stream().map(step -> step.manifest()).toList();
        List<Manifest> sent = new ArrayList<>();
        for (int index = 0; index < manifests.size(); index++) {
            StepStatus status = planned.steps().get(index).step().status();
            if (status != StepStatus.NOT_CREATED && status != StepStatus.UNSUPPORTED_RESOURCE) {
                sent.add(manifests.get(index));
            }
        }
        ExistenceCheck check = Await.result(cluster.existing(sent, target.placementNamespace()));
        check.warnings().forEach(warning -> err.println("warning: " + warning));
        Set<ObjectKey> keys = new HashSet<>();
        for (int index = 0; index < manifests.size(); index++) {
            if (check.exists(manifests.get(index))) {
                keys.add(ObjectKey.of(planned.steps().get(index).step().resource()));
            }
        }
        return keys;
    }
}
