package dev.bundlectl.executor.rollback;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * OLM v1's upgrade-safety findings for replacing one CRD with another (its {@code crdupgradesafety}
 * checks: scope, stored versions, removed fields, type, required, default, enum, bounds, pattern,
 * nullable), each one line naming the CRD, the field path and the old and new values. A rollback
 * shows them as warnings and is not refused for them: its own two checks ({@link RollbackChecks})
 * decide.
 *
 * <p>This is the one seam where the CRD checks of {@code plan} and {@code install} plug into a
 * rollback: {@link #OLM_V1} is what {@link RollbackChecks#of} uses.
 */
@FunctionalInterface
public interface CrdChangeFindings {

    /** No findings. */
    CrdChangeFindings NONE = (from, to) -> List.of();

    /**
     * What {@link RollbackChecks#of} adds: nothing. OLM v1's checks already run on every plan's CRD
     * updates, a rollback's included, after these checks pass ({@code ClusterPlanning.crdSafety}):
     * they print each finding as a warning, or refuse under {@code --crd-upgrade-safety strict}.
     * Adding them here too would print each finding twice.
     */
    CrdChangeFindings OLM_V1 = NONE;

    /**
     * The findings of replacing {@code from} with {@code to}.
     *
     * @param from the CRD as it is on the cluster
     * @param to the CRD the plan applies (the older one, on a rollback)
     * @return one line per finding, in the checks' order; empty when the change is safe
     */
    List<String> between(JsonNode from, JsonNode to);
}
