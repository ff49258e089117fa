package dev.bundlectl.executor.rollback;

import java.util.List;

/**
 * What the rollback checks ({@link RollbackChecks}) found of a plan's CRDs against the live ones.
 */
public sealed interface RollbackVerdict {

    /** The plan condition a rollback that passed carries, its message what was checked. */
    String CONDITION_TYPE = "bundlectl.dev/RollbackChecks";
    /** Its reason. */
    String PASSED = "Passed";

    /**
     * Every CRD passed.
     *
     * @param checked one line per live CRD the plan replaces, saying what was checked
     */
    record Safe(List<String> checked) implements RollbackVerdict {
        public Safe {
            checked = List.copyOf(checked);
        }

        /** e.g. {@code caches.cache.bundlectl.dev: stored versions [v1alpha1] kept; 2 custom resources valid}, joined. */
        public String summary() {
            return checked.isEmpty() ? "no CRD of the plan exists on the cluster yet" : String.join("; ", checked);
        }
    }

    /**
     * A CRD would lose stored objects, a live custom resource would not validate against the older
     * schema, or the check could not be made: nothing may be written.
     *
     * @param reasons one line each, naming the CRD, and the resource and field where one fails
     */
    record Refused(List<String> reasons) implements RollbackVerdict {
        public Refused {
            reasons = List.copyOf(reasons);
            if (reasons.isEmpty()) {
                throw new IllegalArgumentException("a refusal needs a reason");
            }
        }

        /** The reasons on one line, for a status message or an event. */
        public String oneLine() {
            return String.join("; ", reasons);
        }
    }
}
