package dev.bundlectl.plan.planned;

import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.plan.payload.InstallHistory;
import dev.bundlectl.plan.payload.StepRunGraph;
import java.util.Map;
import java.util.Objects;

/**
 * A release payload's run graph over every step of its plan, built once when the plan is made or
 * read. Install levels only count on a first install, which the install decides from the target's
 * records, so both graphs are kept; the executor takes the one its install needs. Steps that do
 * not run (never sent, such as capability-excluded ones) are in the graph too: the executor lets
 * them pass as succeeded, which links their neighbours as if they were left out.
 *
 * @param firstInstall the graph with install levels staged
 * @param update the graph without install levels
 */
public record PayloadOrder(StepRunGraph firstInstall, StepRunGraph update) {

    public PayloadOrder {
        Objects.requireNonNull(firstInstall, "firstInstall");
        Objects.requireNonNull(update, "update");
    }

    /**
     * The graphs of these manifests, by step index; their release annotations must have passed
     * {@link dev.bundlectl.plan.payload.ReleaseAnnotationValidator}.
     */
    static PayloadOrder of(Map<Integer, Manifest> manifestsByStep) {
        return new PayloadOrder(StepRunGraph.build(manifestsByStep, InstallHistory.FIRST_INSTALL),
                StepRunGraph.build(manifestsByStep, InstallHistory.UPDATE));
    }

    /** The graph for a first install, or for any later one. */
    public StepRunGraph graphFor(boolean isFirstInstall) {
        return isFirstInstall ? firstInstall : update;
    }
}
