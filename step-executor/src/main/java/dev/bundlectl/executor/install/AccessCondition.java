package dev.bundlectl.executor.install;

import dev.bundlectl.executor.access.MissingAccess;
import dev.bundlectl.plan.model.PlanCondition;
import java.time.Instant;

/** The plan condition that says what the acting identity lacks (docs/semantics.md §7). */
final class AccessCondition {

    /** The condition's type. */
    static final String TYPE = "Permissions";

    private AccessCondition() {
    }

    /** {@code Permissions=False}, reason {@code Forbidden}, with the whole report as its message. */
    static PlanCondition of(MissingAccess missing, Instant now) {
        return new PlanCondition(TYPE, "False", "Forbidden", missing.oneLine(), now.toString());
    }
}
