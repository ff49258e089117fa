package dev.bundlectl.crdschema;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Objects;

/**
 * A CustomResourceDefinition without the schema keys the API server does not declare
 * ({@link UndeclaredSchemaKeys}).
 *
 * @param crd the CRD as the server would keep it: a fresh tree when anything was dropped, else the
 *     one given
 * @param droppedFields each key dropped, as the server names an unknown field, e.g.
 *     {@code spec.versions[0].schema.openAPIV3Schema.properties.spec.x-descriptors}, version by
 *     version, a schema node's own before those of the schemas it nests; empty when nothing was
 */
public record PrunedCrd(ObjectNode crd, List<String> droppedFields) {

    public PrunedCrd {
        Objects.requireNonNull(crd, "crd");
        droppedFields = List.copyOf(droppedFields);
    }

    /** Whether any key was dropped. */
    public boolean changed() {
        return !droppedFields.isEmpty();
    }
}
