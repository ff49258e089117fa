package dev.bundlectl.bundle.metadata;

import dev.bundlectl.bundle.Property;
import dev.bundlectl.bundle.SourceLocation;

/**
 * A property together with where it was written, so that problems in its value can be reported
 * against the right file, object and field.
 *
 * @param property the property
 * @param location the metadata file or the CSV's document
 * @param object the CSV's {@code Kind/name} for CSV-annotation properties, else null
 * @param field the property's field path, e.g. {@code properties[2]} or
 *     {@code metadata.annotations["olm.properties"][0]}
 */
public record DeclaredProperty(Property property, SourceLocation location, String object, String field) {
}
