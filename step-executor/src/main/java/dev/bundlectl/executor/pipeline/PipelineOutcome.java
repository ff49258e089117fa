package dev.bundlectl.executor.pipeline;

import dev.bundlectl.executor.apply.RemovalGate;
import dev.bundlectl.executor.install.InstallOutcome;
import dev.bundlectl.executor.lock.LockState;
import dev.bundlectl.plan.PlanVerdict;
import dev.bundlectl.plan.model.InstallPlan;
import java.util.Objects;
import java.util.Optional;

/**
 * How installing a planned bundle ended ({@link InstallPipeline#install}). Every outcome but
 * {@link Applied} wrote nothing.
 */
public sealed interface PipelineOutcome {

    /**
     * Another operation of the package holds its lock, or ran since the plan was made; nothing was
     * sent. The caller plans again (now, after waiting, or in a later reconcile).
     *
     * @param lock the lock as it was found: {@link LockState.Held} names the holder
     */
    record LockHeld(LockState lock) implements PipelineOutcome {
        public LockHeld {
            Objects.requireNonNull(lock, "lock");
        }
    }

    /** The operator already serves the namespace from another (docs/semantics.md §6); not even a record was written. */
    record ServedElsewhere(InstallPlan plan, String why) implements PipelineOutcome {
        public ServedElsewhere {
            Objects.requireNonNull(plan, "plan");
            Objects.requireNonNull(why, "why");
        }
    }

    /** The plan's verdict says it cannot succeed on this cluster; nothing was sent. */
    record PredictedToFail(InstallPlan plan, PlanVerdict verdict) implements PipelineOutcome {
        public PredictedToFail {
            Objects.requireNonNull(plan, "plan");
            Objects.requireNonNull(verdict, "verdict");
        }
    }

    /** The acting identity lacks rights the install needs ({@link InstallOutcome#missingAccess()}); nothing was written. */
    record Forbidden(InstallOutcome outcome) implements PipelineOutcome {
        public Forbidden {
            Objects.requireNonNull(outcome, "outcome");
        }
    }

    /**
     * The server refused a step in the preflight (a server-side dry run of every step), or other
     * installs own objects the plan would change; nothing was written.
     *
     * @param ownedByOthersOnly whether the preflight accepted every step and only the owners refused
     */
    record PreflightRefused(InstallOutcome outcome, boolean ownedByOthersOnly) implements PipelineOutcome {
        public PreflightRefused {
            Objects.requireNonNull(outcome, "outcome");
        }
    }

    /**
     * The install ran (or, with {@code --dry-run=server}, was judged) and was recorded; the plan
     * says how each step ended.
     *
     * @param outcome the run's plan, record and warnings
     * @param waited the wait for the new version to run after a complete install, when the settings
     *     asked for one and the run had not already seen it run; empty otherwise
     */
    record Applied(InstallOutcome outcome, Optional<RemovalGate.Answer> waited) implements PipelineOutcome {
        public Applied {
            Objects.requireNonNull(outcome, "outcome");
            Objects.requireNonNull(waited, "waited");
        }
    }
}
