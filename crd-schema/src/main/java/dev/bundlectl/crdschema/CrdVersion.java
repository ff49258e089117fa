package dev.bundlectl.crdschema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.util.Objects;

/**
 * One version of a CustomResourceDefinition and the schema that applies to it.
 *
 * @param name the version name, e.g. {@code v1beta2}
 * @param served whether the API server serves this version
 * @param storage whether objects are stored in this version
 * @param schema the {@code openAPIV3Schema} for this version, or a {@link MissingNode} when the
 *     CRD gives none
 */
public record CrdVersion(String name, boolean served, boolean storage, JsonNode schema) {

    public CrdVersion {
        Objects.requireNonNull(name, "name");
        schema = schema == null ? MissingNode.getInstance() : schema;
    }

    /** Whether the CRD gives a schema for this version. */
    public boolean hasSchema() {
        return schema.isObject();
    }
}
