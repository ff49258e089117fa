package dev.bundlectl.plan.crdsafety;

import dev.bundlectl.crdschema.upgrade.UpgradeFinding;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.PlanCondition;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepStatus;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * How a plan says what its CRD updates would break: the condition {@value #CONDITION_TYPE}, and
 * under {@link CrdSafetyPolicy#STRICT} each such CRD's step {@code Failed} with the findings, which
 * makes the plan predicted to fail, so that nothing of it is applied. Under {@link CrdSafetyPolicy#WARN}
 * no step changes: the findings are warnings, and the install goes on as OLM v0's would.
 */
public final class CrdSafetyMarks {

    /** The plan condition: {@code True} when no CRD update breaks anything, {@code False} when one does. */
    public static final String CONDITION_TYPE = "bundlectl.dev/CrdUpgradeSafety";
    /** The reason when nothing an update would break was found. */
    public static final String SAFE = "NoBreakingChange";
    /** The reason when something was found, and the policy warns. */
    public static final String WARNED = "BreakingChangeWarned";
    /** The reason when something was found, and the policy refuses. */
    public static final String REFUSED = "BreakingChangeRefused";
    /** The reason when a CRD's old version could not be read. */
    public static final String UNREAD = "CrdUnread";

    /** How many findings a message names before it counts the rest. */
    static final int NAMED = 3;

    private CrdSafetyMarks() {
    }

    /**
     * The plan, marked. A plan with no CRD update (nothing compared, nothing unread) is returned
     * as it is.
     */
    public static InstallPlan apply(InstallPlan plan, CrdUpdateFindings found, CrdSafetyPolicy policy) {
        if (found.compared().isEmpty() && found.unread().isEmpty()) {
            return plan;
        }
        InstallPlan marked = plan;
        if (policy == CrdSafetyPolicy.STRICT && found.anyFinding()) {
            marked = failed(plan, found);
        }
        return marked.withCondition(condition(found, policy));
    }

    /** Whether this plan was refused for what its CRD updates would break. */
    public static boolean refused(InstallPlan plan) {
        return plan.condition(CONDITION_TYPE).filter(condition -> REFUSED.equals(condition.reason())).isPresent();
    }

    /** One line per finding, {@code CRD upgrade safety: …}, for a warning each. */
    public static List<String> lines(CrdUpdateFindings found) {
        List<String> lines = new ArrayList<>();
        found.findings().forEach(finding -> lines.add("CRD upgrade safety: " + finding.describe()));
        found.unread().forEach(unread -> lines.add("CRD upgrade safety: not checked: " + unread));
        return lines;
    }

    private static InstallPlan failed(InstallPlan plan, CrdUpdateFindings found) {
        Map<String, List<UpgradeFinding>> byCrd = new HashMap<>();
        found.compared().forEach(update -> byCrd.put(update.crd(), update.findings()));
        List<Step> steps = new ArrayList<>(plan.steps());
        for (int index = 0; index < steps.size(); index++) {
            Step step = steps.get(index);
            List<UpgradeFinding> findings = byCrd.get(step.resource().name());
            if (step.resource().groupKind().isCrd() && findings != null && !findings.isEmpty()) {
                steps.set(index, step.withStatus(StepStatus.FAILED, "refused by CRD upgrade safety (strict): "
                        + named(findings, UpgradeFinding::describeWithinCrd)));
            }
        }
        InstallPlan.Status status = plan.status();
        return plan.withStatus(new InstallPlan.Status(status.phase(), status.conditions(), steps, status.startTime(),
                status.completionTime(), status.message(), status.capabilities(), status.dependencies()));
    }

    private static PlanCondition condition(CrdUpdateFindings found, CrdSafetyPolicy policy) {
        List<UpgradeFinding> findings = found.findings();
        int crds = (int) found.compared().stream().filter(update -> !update.findings().isEmpty()).count();
        if (!findings.isEmpty()) {
            String counted = findings.size() + (findings.size() == 1 ? " finding" : " findings") + " in " + crds
                    + (crds == 1 ? " CRD" : " CRDs") + ": " + named(findings, UpgradeFinding::describe);
            return policy == CrdSafetyPolicy.STRICT
                    ? new PlanCondition(CONDITION_TYPE, "False", REFUSED, "refused (strict): " + counted, null)
                    : new PlanCondition(CONDITION_TYPE, "False", WARNED, "warned: the install goes on, as OLM v0's "
                            + "would; the strict policy refuses it: " + counted, null);
        }
        if (!found.unread().isEmpty()) {
            return new PlanCondition(CONDITION_TYPE, "Unknown", UNREAD, "not checked: " + String.join("; ",
                    found.unread()), null);
        }
        return new PlanCondition(CONDITION_TYPE, "True", SAFE, found.compared().size() + " CRD update"
                + (found.compared().size() == 1 ? "" : "s") + " checked: nothing stored would break", null);
    }

    /** The first few findings, and how many more. */
    static String named(List<UpgradeFinding> findings, Function<UpgradeFinding, String> described) {
        List<String> named = new ArrayList<>();
        for (int i = 0; i < Math.min(NAMED, findings.size()); i++) {
            named.add(described.apply(findings.get(i)));
        }
        int more = findings.size() - named.size();
        return String.join("; ", named) + (more > 0 ? " (and " + more + " more)" : "");
    }

    /** The condition's message when the plan's CRD updates would break something and the policy warns. */
    public static Optional<String> warned(InstallPlan plan) {
        return plan.condition(CONDITION_TYPE).filter(condition -> WARNED.equals(condition.reason()))
                .map(PlanCondition::message);
    }
}
