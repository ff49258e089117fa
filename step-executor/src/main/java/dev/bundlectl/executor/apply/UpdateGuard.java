package dev.bundlectl.executor.apply;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.Future;
import java.util.Optional;

/** A safety check before an existing object is replaced. */
@FunctionalInterface
interface UpdateGuard {

    /** No check. */
    UpdateGuard NONE = (run, live) -> Future.succeededFuture(Optional.empty());

    /**
     * How the step ends instead of replacing {@code live} with the step's manifest, or empty when
     * the update may go ahead. The future never fails: a check that cannot be made decides the
     * step's outcome itself.
     */
    Future<Optional<StepOutcome>> check(PreparedStep run, ObjectNode live);

    /** This check, then {@code next} once this one lets the update through. */
    default UpdateGuard then(UpdateGuard next) {
        return (run, live) -> check(run, live).compose(stop -> stop.isPresent()
                ? Future.succeededFuture(stop)
                : next.check(run, live));
    }
}
