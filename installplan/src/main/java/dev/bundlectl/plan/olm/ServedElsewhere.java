package dev.bundlectl.plan.olm;

import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.PlanCondition;
import java.util.Optional;

/**
 * The plan's condition saying that the operator already runs in another namespace and serves the
 * install namespace ({@link CrossNamespaceVerdict.AlreadyServed}): every step is then
 * {@code NotCreated}, and an install writes nothing at all, not even its record.
 */
public final class ServedElsewhere {

    /** The condition's type. */
    public static final String CONDITION = "ServedFromAnotherNamespace";
    /** Its reason: OLM's reason on the CSV it copied into the namespace. */
    public static final String REASON = "Copied";
    /** Every step's message starts so. */
    public static final String STEP_PREFIX = "not needed: ";

    private ServedElsewhere() {
    }

    /** The condition for this verdict. */
    public static PlanCondition condition(CrossNamespaceVerdict.AlreadyServed served) {
        return new PlanCondition(CONDITION, "True", REASON, served.message(), null);
    }

    /** What the plan says about the operator running elsewhere, when it says so. */
    public static Optional<String> of(InstallPlan plan) {
        return plan.condition(CONDITION).filter(condition -> "True".equals(condition.status()))
                .map(PlanCondition::message);
    }
}
