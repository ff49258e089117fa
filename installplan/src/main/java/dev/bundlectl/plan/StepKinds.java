package dev.bundlectl.plan;

import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.kinds.GroupKind;

/** Kinds with rules of their own in a plan. */
final class StepKinds {


    private StepKinds() {
    }

    static boolean canBeOptional(Manifest manifest) {
        return !manifest.groupKind().isOlmPrerequisite();
    }

    /**
     * Listing in {@code olm.manifests.optional} does not make a kind optional when its API is a
     * prerequisite of OLM itself (docs/semantics.md §1). Group-qualified, so that a CRD's own
     * {@code Service} kind in another group can still be optional.
     */
    static boolean canBeOptional(String group, String kind) {
        return !new GroupKind(group, kind).isOlmPrerequisite();
    }
}
