package dev.bundlectl.bundle;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;

/**
 * A bundle property ({@code {type, value}}), from {@code metadata/} properties, the CSV's
 * {@code olm.properties} annotation, or derived ({@code olm.package}, {@code olm.gvk}).
 * The value tree must be treated as read-only.
 *
 * @param type the property type, e.g. {@code olm.manifests.optional}
 * @param value the property value as parsed
 * @param origin where it came from
 */
public record Property(String type, JsonNode value, PropertyOrigin origin) {

    public Property {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(value, "value");
        Objects.requireNonNull(origin, "origin");
    }

    /** Where a property was declared. */
    public enum PropertyOrigin {
        /** A {@code properties:} list in a file under {@code metadata/}. */
        METADATA_FILE,
        /** The CSV's {@code olm.properties} annotation. */
        CSV_ANNOTATION,
        /** Computed by the reader: {@code olm.package} and {@code olm.gvk}. */
        DERIVED
    }
}
