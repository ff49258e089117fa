package dev.bundlectl.executor.planning;

import dev.bundlectl.plan.PlanResult;
import dev.bundlectl.plan.crdsafety.CrdSafetyMarks;
import dev.bundlectl.plan.crdsafety.CrdUpdateFindings;
import java.util.List;
import java.util.Objects;

/**
 * A plan after its CRD updates were compared with the live CRDs ({@link ClusterPlanning#crdSafety}):
 * marked as the policy says (docs/semantics.md §9).
 *
 * @param result the plan, with its {@code bundlectl.dev/CrdUpgradeSafety} condition, and under the
 *     strict policy each CRD whose update would break something {@code Failed}
 * @param found what each CRD update would break
 * @param refused whether the policy refuses the plan for it (strict, and something found)
 */
public record CrdSafetyCheck(PlanResult result, CrdUpdateFindings found, boolean refused) {

    public CrdSafetyCheck {
        Objects.requireNonNull(result, "result");
        Objects.requireNonNull(found, "found");
    }

    /** One line per finding (and per CRD not read), without a {@code warning: } or {@code error: } prefix. */
    public List<String> lines() {
        return CrdSafetyMarks.lines(found);
    }
}
