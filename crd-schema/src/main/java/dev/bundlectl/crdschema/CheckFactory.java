package dev.bundlectl.crdschema;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/** Reads the keywords of one concern from a schema node and compiles them, if present. */
@FunctionalInterface
interface CheckFactory {

    /** The compiled rule, or empty when the node does not use these keywords. */
    Optional<Check> create(JsonNode schema, SchemaCompiler compiler);
}
