package dev.bundlectl.crdschema;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Objects;

/**
 * What one walk over a CustomResourceDefinition's schemas ({@link CrdSchemaWalk}) finds: the CRD
 * as the API server keeps it on a create, without the keys its schema type does not declare, and
 * the schema patterns it refuses. Each user takes the answer for its job.
 *
 * @param pruned the CRD as kept and the keys dropped ({@link UndeclaredSchemaKeys#pruned})
 * @param refusedPatterns the refused patterns, named as the server names them for the CRD it keeps
 *     ({@link SchemaPatterns#refusedIn}); empty when every pattern compiles
 */
public record CrdSchemaSurvey(PrunedCrd pruned, List<FieldError> refusedPatterns) {

    public CrdSchemaSurvey {
        Objects.requireNonNull(pruned, "pruned");
        refusedPatterns = List.copyOf(refusedPatterns);
    }

    /** Walks the schemas of {@code crd} once; the CRD given is never changed. */
    public static CrdSchemaSurvey of(ObjectNode crd) {
        return CrdSchemaWalk.survey(crd);
    }

    /**
     * This survey as the walk of the CRD as kept would give it: nothing left to drop, the same
     * patterns (they are named after the CRD as kept either way).
     */
    CrdSchemaSurvey ofKept() {
        return pruned.changed() ? new CrdSchemaSurvey(new PrunedCrd(pruned.crd(), List.of()), refusedPatterns) : this;
    }
}
