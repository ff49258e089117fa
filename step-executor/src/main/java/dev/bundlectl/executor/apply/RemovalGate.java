package dev.bundlectl.executor.apply;

import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.PlanCondition;
import io.vertx.core.Future;
import java.util.Objects;

/**
 * What must hold before an upgrade removes what the previous version had and the new one does
 * not (docs/semantics.md §9, "Nothing the running version needs goes first"): the old version may
 * still use it, so it goes only once the new version runs. Asked once per run, after every other
 * step succeeded, and never in a dry run.
 */
@FunctionalInterface
public interface RemovalGate {

    /** Removes at once: for runs that wait for nothing (tests, payloads, embedders). */
    RemovalGate OPEN = applied -> Future.succeededFuture(new Answer.Open(null));

    /**
     * Waits until the removals may go, or until they may not. Never fails: every ending is an answer.
     *
     * @param applied the plan as the run left it, every step but the removals applied
     */
    Future<Answer> beforeRemovals(InstallPlan applied);

    /** Whether the removals go, and what the wait found. */
    sealed interface Answer permits Answer.Open, Answer.Closed, Answer.Deferred {

        /** The plan condition the wait reached (such as {@code OperatorRunning}), or null. */
        PlanCondition condition();

        /**
         * The new version runs: the removals go.
         *
         * @param condition what the wait found, or null
         */
        record Open(PlanCondition condition) implements Answer {
        }

        /**
         * The new version does not run (yet): nothing is removed, and the run fails, saying why.
         *
         * @param condition what the wait found
         * @param why one line: why the previous version's objects stay
         */
        record Closed(PlanCondition condition, String why) implements Answer {
            public Closed {
                Objects.requireNonNull(why, "why");
            }
        }

        /**
         * The new version does not run yet and the caller did not ask to wait for it: nothing is
         * removed now, and the run still succeeds; the record keeps owning what stays, so that the
         * next install of the same version (or an uninstall) removes it.
         *
         * @param condition what the look found, or null
         * @param why one line: why the previous version's objects stay for now
         */
        record Deferred(PlanCondition condition, String why) implements Answer {
            public Deferred {
                Objects.requireNonNull(why, "why");
            }
        }
    }
}
