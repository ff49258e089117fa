package dev.bundlectl.executor.planning;

import dev.bundlectl.executor.rollback.RollbackVerdict;
import dev.bundlectl.plan.PlanResult;
import dev.bundlectl.plan.upgrade.UpgradeDecision;
import java.util.List;
import java.util.Objects;

/**
 * What installing a planned bundle over the target's latest install comes to ({@link ClusterPlanning#upgrade}):
 * a plan to install, a refused upgrade, or a rollback its checks refused.
 */
public sealed interface UpgradeOutcome {

    /**
     * The plan to install: the bundle's plan as it was for a first install or a re-run of the
     * installed CSV, or the upgrade's plan with its steps marked and its delete and keep steps.
     *
     * @param result the plan
     * @param warnings objects whose existence could not be read (counted as absent), without the
     *     {@code warning: } prefix
     */
    record Planned(PlanResult result, List<String> warnings) implements UpgradeOutcome {
        public Planned {
            Objects.requireNonNull(result, "result");
            warnings = List.copyOf(warnings);
        }
    }

    /**
     * The new CSV does not upgrade from the installed one and the caller did not force it; nothing
     * may be applied.
     *
     * @param decision the refusal, which words it for the command line ({@code message}) or for
     *     anyone else ({@code reason})
     */
    record Refused(UpgradeDecision.Refused decision) implements UpgradeOutcome {
        public Refused {
            Objects.requireNonNull(decision, "decision");
        }
    }

    /**
     * The plan goes to a lower version (a rollback), and its CRDs did not pass the rollback checks
     * against the live ones (docs/semantics.md §9, "Rollbacks"); nothing may be applied.
     *
     * @param result the rollback's plan
     * @param refusal why, one line per CRD that failed, naming the resource and field
     * @param warnings as {@link Planned}'s, with OLM v1's findings for the CRD changes
     * @param reason one line naming the package and both versions, why, and that nothing was applied
     */
    record RollbackRefused(PlanResult result, RollbackVerdict.Refused refusal, List<String> warnings, String reason)
            implements UpgradeOutcome {
        public RollbackRefused {
            Objects.requireNonNull(result, "result");
            Objects.requireNonNull(refusal, "refusal");
            warnings = List.copyOf(warnings);
            Objects.requireNonNull(reason, "reason");
        }
    }
}
