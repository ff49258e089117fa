package dev.bundlectl.plan.upgrade;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.yaml.JsonTrees;
import dev.bundlectl.plan.CsvMode;
import dev.bundlectl.plan.PlanAnnotations;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.PlanCondition;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepAction;
import dev.bundlectl.plan.model.StepResource;
import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.plan.payload.ReleaseAnnotations;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns a plan into the plan of a re-run or an upgrade: each step is marked with what it does to
 * its object ({@link StepAction}), the objects the installed version created that the new bundle
 * no longer has get steps at the end (deleted after the new objects are applied, or kept, with the
 * reason), and the plan says what it is in an annotation and a condition.
 *
 * <p>Pure: what exists on the cluster is given, read once by whoever plans against it.
 */
public final class UpgradeSteps {

    /** The plan annotation naming the CSV an upgrade replaces. */
    public static final String UPGRADE_FROM_ANNOTATION = "bundlectl.dev/upgrade-from";
    /**
     * The plan condition that says what installing means here: status {@code True} for an
     * upgrade (reason {@link UpgradeEdge#reason()}), {@code False} with reason
     * {@value #RERUN_REASON} for a re-run of the installed CSV.
     */
    public static final String CONDITION_TYPE = "bundlectl.dev/Upgrade";
    /** The condition reason of a re-run. */
    public static final String RERUN_REASON = "SameVersion";

    private static final String CRD_GROUP = "apiextensions.k8s.io";
    private static final String CRD_KIND = "CustomResourceDefinition";
    private static final String CSV_KIND = "ClusterServiceVersion";
    private static final Set<StepStatus> NEVER_SENT =
            Set.of(StepStatus.NOT_CREATED, StepStatus.UNSUPPORTED_RESOURCE, StepStatus.FAILED);

    private UpgradeSteps() {
    }

    /**
     * The plan for this decision.
     *
     * @param plan the plan of the new bundle
     * @param decision what installing it means ({@link UpgradePath#decide})
     * @param existing the identities of the plan's objects that exist on the cluster; null when
     *     unknown, and then steps are not marked
     * @throws IllegalArgumentException for a {@link UpgradeDecision.Refused} decision, which has no plan
     */
    public static InstallPlan apply(InstallPlan plan, UpgradeDecision decision, Set<ObjectKey> existing) {
        if (decision instanceof UpgradeDecision.Refused refused) {
            throw new IllegalArgumentException(refused.message());
        }
        if (decision instanceof UpgradeDecision.FirstInstall) {
            return ReplacedCsv.naming(plan, null);
        }
        if (decision instanceof UpgradeDecision.Upgrade upgrade) {
            plan = ReplacedCsv.naming(plan, upgrade.from().csvName());
        }
        List<Step> steps = existing == null ? new ArrayList<>(plan.steps()) : marked(plan.steps(), existing);
        Map<String, String> annotations = new LinkedHashMap<>(plan.metadata().annotations());
        PlanCondition condition;
        if (decision instanceof UpgradeDecision.Upgrade upgrade) {
            steps.addAll(previousObjectSteps(plan, upgrade.from(), upgrade.to().csvName(),
                    upgrade.to().csvName() + " no longer has it"));
            annotations.put(UPGRADE_FROM_ANNOTATION, upgrade.from().csvName());
            if (upgrade.rollback()) {
                annotations.put(PlanAnnotations.ROLLBACK_FROM, upgrade.fromVersion());
            }
            condition = new PlanCondition(CONDITION_TYPE, "True", upgrade.edge().reason(), upgrade.line(), null);
        } else {
            UpgradeDecision.Rerun rerun = (UpgradeDecision.Rerun) decision;
            // What an earlier upgrade to this CSV left because the new version never ran is removed now.
            if (leavesBehind(plan, rerun.installed())) {
                steps.addAll(previousObjectSteps(plan, pendingOnly(rerun.installed()), rerun.installed().csvName(),
                        "left over from the upgrade to " + rerun.installed().csvName() + ", which no longer has it"));
            }
            condition = new PlanCondition(CONDITION_TYPE, "False", RERUN_REASON, rerun.line(), null);
        }
        List<PlanCondition> conditions = new ArrayList<>(plan.status().conditions());
        conditions.removeIf(existingCondition -> CONDITION_TYPE.equals(existingCondition.type()));
        conditions.add(condition);
        InstallPlan.Status status = plan.status();
        return new InstallPlan(plan.apiVersion(), plan.kind(),
                new InstallPlan.Metadata(plan.metadata().name(), plan.metadata().namespace(), annotations),
                plan.spec(), new InstallPlan.Status(status.phase(), conditions, steps, status.startTime(),
                        status.completionTime(), status.message(), status.capabilities(), status.dependencies()));
    }

    /** The upgrade condition's message (e.g. {@code upgrade from X (1.0.0) to Y (1.1.0) via spec.replaces}), if any. */
    public static java.util.Optional<String> line(InstallPlan plan) {
        return plan.condition(CONDITION_TYPE).map(PlanCondition::message);
    }

    /**
     * Whether the installed version still owns objects an upgrade was to remove and the plan does not
     * have: after an upgrade whose new version did not run yet, its re-run removes them.
     */
    public static boolean leavesBehind(InstallPlan plan, InstalledVersion installed) {
        if (installed.csvName() == null || installed.pendingRemovals().isEmpty()) {
            return false;
        }
        Set<ObjectKey> planned = plannedKeys(plan);
        return pendingOnly(installed).objects().stream().anyMatch(object -> !planned.contains(object.key()));
    }

    /** The identities of the plan's objects. */
    private static Set<ObjectKey> plannedKeys(InstallPlan plan) {
        Set<ObjectKey> planned = new HashSet<>();
        plan.steps().forEach(step -> planned.add(ObjectKey.of(step.resource())));
        return planned;
    }

    /** The installed version with only the objects whose removal is pending. */
    private static InstalledVersion pendingOnly(InstalledVersion installed) {
        return new InstalledVersion(installed.packageName(), installed.csvName(), installed.version(),
                installed.recordName(), installed.objects().stream()
                        .filter(object -> installed.pendingRemovals().contains(object.key())).toList(),
                installed.pendingRemovals());
    }

    /** The delete steps about the previous install's objects: what goes once the new version runs. */
    public static List<Step> removals(InstallPlan plan) {
        return plan.steps().stream().filter(step -> step.action() == StepAction.DELETE).toList();
    }

    /** The steps about the previous install's objects (delete and keep), in plan order. */
    public static List<Step> previousInstallSteps(InstallPlan plan) {
        return plan.steps().stream().filter(UpgradeSteps::aboutPreviousInstall).toList();
    }

    /**
     * The plan of the bundle alone: without the delete and keep steps, the upgrade annotation and
     * the upgrade condition, as a plan of the same bundle made without the install record is.
     */
    public static InstallPlan bundleOnly(InstallPlan plan) {
        plan = ReplacedCsv.asBundleWroteIt(plan);
        Map<String, String> annotations = new LinkedHashMap<>(plan.metadata().annotations());
        annotations.remove(UPGRADE_FROM_ANNOTATION);
        List<PlanCondition> conditions = new ArrayList<>(plan.status().conditions());
        conditions.removeIf(condition -> CONDITION_TYPE.equals(condition.type()));
        List<Step> steps = plan.steps().stream().filter(step -> !aboutPreviousInstall(step)).toList();
        InstallPlan.Status status = plan.status();
        return new InstallPlan(plan.apiVersion(), plan.kind(),
                new InstallPlan.Metadata(plan.metadata().name(), plan.metadata().namespace(), annotations),
                plan.spec(), new InstallPlan.Status(status.phase(), conditions, steps, status.startTime(),
                        status.completionTime(), status.message(), status.capabilities(), status.dependencies()));
    }

    /** The plan with these steps appended, e.g. a reviewed plan's delete and keep steps kept for checking. */
    public static InstallPlan withSteps(InstallPlan plan, List<Step> appended) {
        if (appended.isEmpty()) {
            return plan;
        }
        List<Step> steps = new ArrayList<>(plan.steps());
        steps.addAll(appended);
        return plan.withStatus(new InstallPlan.Status(plan.status().phase(), plan.status().conditions(), steps,
                plan.status().startTime(), plan.status().completionTime(), plan.status().message(),
                plan.status().capabilities(), plan.status().dependencies()));
    }

    private static boolean aboutPreviousInstall(Step step) {
        return step.action() != null && step.action().previousInstallOnly();
    }

    /** Each step that will be sent, marked create, update or present. */
    private static List<Step> marked(List<Step> steps, Set<ObjectKey> existing) {
        List<Step> marked = new ArrayList<>(steps.size());
        for (Step step : steps) {
            if (step.action() != null || NEVER_SENT.contains(step.status())) {
                marked.add(step);
            } else if (!existing.contains(ObjectKey.of(step.resource()))) {
                marked.add(step.withAction(StepAction.CREATE));
            } else {
                marked.add(step.withAction(leftAlone(step) ? StepAction.PRESENT : StepAction.UPDATE));
            }
        }
        return marked;
    }

    /** Whether an existing object is left as it is: a CSV is never updated, nor a create-only object. */
    private static boolean leftAlone(Step step) {
        if (UpgradeEdges.isCsv(step)) {
            return true;
        }
        JsonNode manifest = parse(step.resource().manifest());
        JsonNode value = manifest.path("metadata").path("annotations").path(ReleaseAnnotations.CREATE_ONLY);
        return ReleaseAnnotations.createOnlyValue(value.isTextual() ? value.asText() : null);
    }

    /** Steps for what the installed version owns and the new plan lacks, in record order. */
    private static List<Step> previousObjectSteps(InstallPlan plan, InstalledVersion from, String newCsv,
            String why) {
        Set<ObjectKey> planned = plannedKeys(plan);
        boolean olmReplacesCsv = !CsvMode.RENDER.wireName().equals(plan.metadata().annotations()
                .get(PlanAnnotations.CSV_MODE));
        List<Step> steps = new ArrayList<>();
        for (InstalledObject object : from.objects()) {
            if (planned.contains(object.key())) {
                continue;
            }
            String keptBecause = keptBecause(object, olmReplacesCsv, newCsv);
            steps.add(keptBecause != null
                    ? step(from, object, StepAction.KEEP, StepStatus.PRESENT, keptBecause)
                    : step(from, object, StepAction.DELETE, StepStatus.UNKNOWN,
                            "deleted once " + newCsv + " runs (the old version may need it until then), if it is "
                                    + "still uid " + object.uid() + ": " + why));
            planned.add(object.key());
        }
        return steps;
    }

    /** Why an object the new bundle lacks is not deleted; null when it is. */
    private static String keptBecause(InstalledObject object, boolean olmReplacesCsv, String newCsv) {
        if (CRD_GROUP.equals(object.group()) && CRD_KIND.equals(object.kind())) {
            return "kept: " + newCsv + " no longer has this CRD, but deleting a CRD deletes every custom resource "
                    + "of its kind";
        }
        if (olmReplacesCsv && "operators.coreos.com".equals(object.group()) && CSV_KIND.equals(object.kind())) {
            return "left to OLM, which replaces it with " + newCsv;
        }
        if (olmReplacesCsv && "apps".equals(object.group()) && "Deployment".equals(object.kind())) {
            // A Deployment rendered by an earlier install in render mode: OLM takes over a Deployment
            // of the same name when it installs the CSV, and deleting it would stop the operator.
            return "kept: OLM runs the operator's Deployments in OLM mode; delete it once OLM no longer needs it";
        }
        if (object.uid() == null) {
            return "kept: its install record has no uid, so bundlectl cannot tell it is still the object it created";
        }
        return null;
    }

    private static Step step(InstalledVersion from, InstalledObject object, StepAction action,
            StepStatus status, String message) {
        StepResource resource = new StepResource(object.group(), object.version(), object.kind(), object.name(),
                object.namespace(), from.packageName(), null, identity(object));
        return new Step(from.csvName(), resource, false, status, message, null, null, null, action);
    }

    /**
     * The object as a delete step names it: apiVersion, kind, name, namespace, and the uid the
     * record holds, which the executor sends as the DELETE's precondition.
     */
    private static String identity(InstalledObject object) {
        ObjectNode manifest = JsonNodeFactory.instance.objectNode();
        manifest.put("apiVersion", object.group().isEmpty() ? object.version() : object.group() + "/" + object.version());
        manifest.put("kind", object.kind());
        ObjectNode metadata = manifest.putObject("metadata");
        metadata.put("name", object.name());
        if (object.namespace() != null) {
            metadata.put("namespace", object.namespace());
        }
        if (object.uid() != null) {
            metadata.put("uid", object.uid());
        }
        return JsonTrees.compact(manifest);
    }

    private static JsonNode parse(String manifest) {
        if (manifest == null) {
            return JsonNodeFactory.instance.objectNode();
        }
        try {
            return JsonTrees.read(manifest);
        } catch (IOException e) {
            // The planner wrote this JSON; an unreadable one has no annotations to honour.
            return JsonNodeFactory.instance.objectNode();
        }
    }
}
