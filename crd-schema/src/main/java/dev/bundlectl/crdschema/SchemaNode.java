package dev.bundlectl.crdschema;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/** One compiled schema node: its rules, in the order the API server's validator runs them. */
final class SchemaNode {

    /** A node without rules, e.g. {@code additionalProperties: true}. */
    static final SchemaNode ANYTHING = new SchemaNode(false, List.of());

    private final boolean nullable;
    private final List<Check> checks;

    SchemaNode(boolean nullable, List<Check> checks) {
        this.nullable = nullable;
        this.checks = List.copyOf(checks);
    }

    /** Adds every problem of {@code value} at {@code path} to {@code errors}. */
    void validate(JsonNode value, ValuePath path, List<FieldError> errors) {
        boolean isNull = value.isNull();
        if (isNull && nullable) {
            return;
        }
        for (Check check : checks) {
            if (!isNull || check.checksNull()) {
                check.check(value, path, errors);
            }
        }
    }

    /** The problems of {@code value} alone, for rules that weigh alternatives. */
    List<FieldError> problems(JsonNode value, ValuePath path) {
        List<FieldError> errors = new ArrayList<>();
        validate(value, path, errors);
        return errors;
    }
}
