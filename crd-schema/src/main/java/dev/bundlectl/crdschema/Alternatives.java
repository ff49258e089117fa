package dev.bundlectl.crdschema;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * Validates one value against each of several schemas ({@code anyOf}, {@code oneOf},
 * {@code allOf}) and keeps what the composite rules need: how many passed, every problem, and
 * the problems of the closest miss.
 *
 * @param valid how many schemas the value satisfies
 * @param all the problems of every failing schema, in order
 * @param closestMiss the problems of the failing schema with the fewest, to explain a failed
 *     {@code anyOf} or {@code oneOf} (the first such schema on a tie)
 */
record Alternatives(int valid, List<FieldError> all, List<FieldError> closestMiss) {

    static Alternatives weigh(List<SchemaNode> schemas, JsonNode value, ValuePath path) {
        int valid = 0;
        List<FieldError> all = new ArrayList<>();
        List<FieldError> closest = null;
        for (SchemaNode schema : schemas) {
            List<FieldError> problems = schema.problems(value, path);
            if (problems.isEmpty()) {
                valid++;
            } else {
                all.addAll(problems);
                if (closest == null || problems.size() < closest.size()) {
                    closest = problems;
                }
            }
        }
        return new Alternatives(valid, all, closest == null ? List.of() : closest);
    }

    /** Compiles every schema of a composite keyword's array; other shapes give none. */
    static List<SchemaNode> compile(JsonNode schemas, SchemaCompiler compiler) {
        List<SchemaNode> compiled = new ArrayList<>();
        if (schemas != null && schemas.isArray()) {
            schemas.forEach(schema -> compiled.add(compiler.compile(schema)));
        }
        return compiled;
    }
}
