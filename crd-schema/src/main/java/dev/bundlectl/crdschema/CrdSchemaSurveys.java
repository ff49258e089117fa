package dev.bundlectl.crdschema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * The survey of each CRD that one plan reads ({@link CrdSchemaSurvey}), worked out once per CRD:
 * planning drops the undeclared keys of every CRD early and checks its patterns late, on the CRD
 * as kept, and both answers come from the same walk. A CRD is known by its tree's identity: the
 * planner never changes a manifest's tree once read, and a stage that changes an object makes a
 * new tree, which is then walked anew. One plan's, used by the thread that plans.
 */
public final class CrdSchemaSurveys {

    private final Map<JsonNode, CrdSchemaSurvey> byCrd = new IdentityHashMap<>();

    /** The survey of {@code crd}; also known from then on for the CRD as kept. */
    public CrdSchemaSurvey of(ObjectNode crd) {
        CrdSchemaSurvey known = byCrd.get(crd);
        if (known != null) {
            return known;
        }
        CrdSchemaSurvey survey = CrdSchemaSurvey.of(crd);
        byCrd.put(crd, survey);
        byCrd.putIfAbsent(survey.pruned().crd(), survey.ofKept());
        return survey;
    }
}
