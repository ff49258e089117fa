package dev.bundlectl.plan.convert;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Objects;

/** What converting one object gave: the object at the new version, or why it cannot be converted. */
public sealed interface ConversionResult permits ConversionResult.Converted, ConversionResult.Refused {

    /**
     * The object at its new version.
     *
     * @param body the converted object, a fresh tree
     */
    record Converted(ObjectNode body) implements ConversionResult {
        public Converted {
            Objects.requireNonNull(body, "body");
        }
    }

    /**
     * The object cannot be converted faithfully: the new version would refuse it.
     *
     * @param field the offending field of the converted object, e.g.
     *     {@code spec.versions[0].schema.openAPIV3Schema.properties[spec].type}
     * @param problem what is wrong, as the API server words it, e.g. {@code Required value: must
     *     not be empty for specified object fields}
     */
    record Refused(String field, String problem) implements ConversionResult {
        public Refused {
            Objects.requireNonNull(field, "field");
            Objects.requireNonNull(problem, "problem");
        }

        /** {@code field: problem}, as the API server prints a field error. */
        public String message() {
            return field + ": " + problem;
        }
    }
}
