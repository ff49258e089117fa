package dev.bundlectl.executor.writes;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepAction;

/**
 * How running a step writes its object. The applier dispatches on it and the access check asks
 * the API server about the requests it implies, so the two can never disagree about what a step
 * sends (docs/semantics.md §7).
 */
public enum WriteMethod {
    /** An upgrade's Delete step: the object is read, then deleted if this install still owns it. */
    REMOVE,
    /** {@code release.openshift.io/delete}: the object is deleted instead of applied. */
    DELETE,
    /**
     * A ClusterServiceVersion or a create-only object: created by POST when missing, else left
     * alone. A POST names no object in its URL, so only a grant for any name allows it.
     */
    CREATE,
    /** A CRD: read and checked against what the cluster stores, then server-side applied. */
    CHECKED_APPLY,
    /** Any other object: server-side applied, which creates it when it is missing. */
    APPLY;

    /** The method for {@code step}, whose parsed object is {@code manifest}. */
    public static WriteMethod of(Step step, JsonNode manifest) {
        if (step.action() == StepAction.DELETE) {
            return REMOVE;
        }
        if (DeleteRule.applies(manifest)) {
            return DELETE;
        }
        if (step.resource().groupKind().isCsv() || CreateOnlyRule.applies(manifest)) {
            return CREATE;
        }
        return step.resource().groupKind().isCrd() ? CHECKED_APPLY : APPLY;
    }
}
