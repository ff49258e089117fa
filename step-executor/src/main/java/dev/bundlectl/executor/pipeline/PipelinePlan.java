package dev.bundlectl.executor.pipeline;

import dev.bundlectl.executor.planning.ClusterReading;
import dev.bundlectl.executor.rollback.RollbackVerdict;
import dev.bundlectl.plan.PlanResult;
import dev.bundlectl.plan.crdsafety.CrdUpdateFindings;
import dev.bundlectl.plan.upgrade.UpgradeDecision;
import java.util.List;
import java.util.Objects;

/**
 * How planning a bundle against the cluster ended ({@link InstallPipeline#plan}). Every answer
 * carries what was read, whose notes the caller reports first, in order.
 */
public sealed interface PipelinePlan {

    /** What the cluster said: its notes, the previous install, and the lock as planning read it. */
    ClusterReading reading();

    /**
     * The plan to install: a first install, a re-run of the installed CSV, or an upgrade with its
     * steps marked and its delete and keep steps.
     *
     * @param warnings objects whose existence could not be read (counted as absent), and what the
     *     plan's CRD updates would break (the plan's {@code bundlectl.dev/CrdUpgradeSafety}
     *     condition says it too), without the {@code warning: } prefix
     */
    record Planned(ClusterReading reading, PlanResult result, List<String> warnings) implements PipelinePlan {
        public Planned {
            Objects.requireNonNull(reading, "reading");
            Objects.requireNonNull(result, "result");
            warnings = List.copyOf(warnings);
        }
    }

    /** The reading itself was refused (its notes carry the errors, such as a disabled capability); nothing was planned. */
    record Unreadable(ClusterReading reading) implements PipelinePlan {
        public Unreadable {
            Objects.requireNonNull(reading, "reading");
        }
    }

    /** The planner found errors in the bundle against this cluster (the result's diagnostics); no upgrade was decided. */
    record Invalid(ClusterReading reading, PlanResult result) implements PipelinePlan {
        public Invalid {
            Objects.requireNonNull(reading, "reading");
            Objects.requireNonNull(result, "result");
        }
    }

    /**
     * A CRD update would break what is stored under the CRD, and the settings refuse such an
     * update ({@code strict}); nothing may be applied. The plan shows it: each such CRD's step
     * {@code Failed} with its findings, and the plan predicted to fail.
     *
     * @param result the plan so marked (its diagnostics still to be reported)
     * @param found every CRD update and what it would break
     */
    record CrdUpgradeRefused(ClusterReading reading, PlanResult result, CrdUpdateFindings found)
            implements PipelinePlan {
        public CrdUpgradeRefused {
            Objects.requireNonNull(reading, "reading");
            Objects.requireNonNull(result, "result");
            Objects.requireNonNull(found, "found");
        }
    }

    /**
     * The new CSV does not upgrade from the installed one and the caller did not force it; nothing
     * may be applied.
     *
     * @param result the bundle's plan (its diagnostics still to be reported)
     * @param decision the refusal, worded for the command line ({@code message}) or anyone else ({@code reason})
     */
    record UpgradeRefused(ClusterReading reading, PlanResult result, UpgradeDecision.Refused decision)
            implements PipelinePlan {
        public UpgradeRefused {
            Objects.requireNonNull(reading, "reading");
            Objects.requireNonNull(result, "result");
            Objects.requireNonNull(decision, "decision");
        }
    }

    /**
     * The plan goes to a lower version, and its CRDs did not pass the rollback checks against the
     * live ones (docs/semantics.md §9, "Rollbacks"); nothing may be applied.
     *
     * @param result the plan (its diagnostics still to be reported)
     * @param refusal why, one line per CRD that failed, naming the resource and field
     * @param warnings as {@link Planned}'s, with OLM v1's findings for the CRD changes
     * @param reason one line naming the package and both versions, why, and that nothing was applied
     */
    record RollbackRefused(ClusterReading reading, PlanResult result, RollbackVerdict.Refused refusal,
            List<String> warnings, String reason) implements PipelinePlan {
        public RollbackRefused {
            Objects.requireNonNull(reading, "reading");
            Objects.requireNonNull(result, "result");
            Objects.requireNonNull(refusal, "refusal");
            warnings = List.copyOf(warnings);
            Objects.requireNonNull(reason, "reason");
        }
    }
}
