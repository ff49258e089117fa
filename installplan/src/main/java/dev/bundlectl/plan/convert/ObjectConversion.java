package dev.bundlectl.plan.convert;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** Converts one object of a removed API version to the version that replaced it. */
@FunctionalInterface
public interface ObjectConversion {

    /**
     * The converted object, or why it cannot be converted.
     *
     * @param body the object at its removed version; never changed
     * @param newApiVersion the {@code apiVersion} to convert to
     */
    ConversionResult convert(ObjectNode body, String newApiVersion);
}
