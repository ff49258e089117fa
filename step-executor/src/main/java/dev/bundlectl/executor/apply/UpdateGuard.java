package dev.bundlectl.executor.apply;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Optional;

/** A safety check before an existing object is replaced. */
@FunctionalInterface
interface UpdateGuard {

    /** No check. */
    UpdateGuard NONE = (desired, live) -> Optional.empty();

    /** Why {@code live} must not be replaced by {@code desired}, or empty when it may. */
    Optional<String> refuse(ObjectNode desired, ObjectNode live);
}
