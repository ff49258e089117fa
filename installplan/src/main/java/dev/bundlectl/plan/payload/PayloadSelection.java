package dev.bundlectl.plan.payload;

import dev.bundlectl.bundle.Diagnostics;
import dev.bundlectl.bundle.Manifest;
import java.util.List;
import java.util.Objects;

/**
 * The inclusion checks applied to a whole payload.
 *
 * @param planned the manifests that belong in the plan, in input order: the included ones and the
 *     capability-excluded ones (which the planner turns into {@code NotCreated} steps)
 * @param capabilityExcluded the capability-excluded manifests among {@code planned}, with reasons
 * @param filteredOut manifests ruled out by exclude identifier, feature set or profile; not in the plan
 * @param diagnostics an error per manifest with an unacceptable annotation value; any error makes
 *     the plan invalid
 */
public record PayloadSelection(List<Manifest> planned, List<ExcludedManifest> capabilityExcluded,
        List<ExcludedManifest> filteredOut, Diagnostics diagnostics) {

    public PayloadSelection {
        planned = List.copyOf(planned);
        capabilityExcluded = List.copyOf(capabilityExcluded);
        filteredOut = List.copyOf(filteredOut);
        Objects.requireNonNull(diagnostics, "diagnostics");
    }
}
