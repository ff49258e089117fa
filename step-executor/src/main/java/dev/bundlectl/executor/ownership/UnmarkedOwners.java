package dev.bundlectl.executor.ownership;

import dev.bundlectl.executor.records.ObjectRef;
import java.util.List;

/**
 * Whose an existing object is when no install's mark or field manager claims it. For an install
 * that meets it, the user's ({@link #USER}: applied as the bundle says, never marked, never deleted;
 * docs/semantics.md §8). For an adoption, the installer it takes over from: OLM's, whose objects
 * become the install's or are shared with OLM's other operators (docs/semantics.md §11). The
 * {@link OwnershipJudge} asks only about objects that carry no install's mark.
 */
public interface UnmarkedOwners {

    /** An install's view: an unmarked object was there before it, and is the user's. */
    UnmarkedOwners USER = new UnmarkedOwners() {
        @Override
        public OwnershipDecision decide(ObjectRef ref) {
            return new OwnershipDecision.Foreign();
        }
    };

    /** The decision for an object that exists and that no install owns. */
    OwnershipDecision decide(ObjectRef ref);

    /**
     * The decision for an object whose apply conflicted with field managers that are no install's
     * ({@code managers}): one the install may take over from them, or null when the conflict stands
     * (the step then fails with the server's words, as for the user's objects).
     */
    default OwnershipDecision decideConflicting(ObjectRef ref, List<String> managers) {
        return null;
    }
}
