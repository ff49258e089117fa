package dev.bundlectl.crdschema;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/** One compiled rule of a schema node, such as its {@code maximum} or its {@code properties}. */
interface Check {

    /** Adds what is wrong with {@code value} (found at {@code path}) to {@code errors}. */
    void check(JsonNode value, ValuePath path, List<FieldError> errors);

    /**
     * Whether the rule looks at a JSON {@code null}. Like the API server, only the type and the
     * enum are checked for a null; every other rule is about a value of some shape.
     */
    default boolean checksNull() {
        return false;
    }
}
