package dev.bundlectl.plan.convert;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Kinds whose removed and replacing versions have the same fields (RBAC's v1beta1 and v1, the
 * PriorityClass's v1beta1 and v1): only {@code apiVersion} changes.
 */
final class SameShapeConversion implements ObjectConversion {

    @Override
    public ConversionResult convert(ObjectNode body, String newApiVersion) {
        ObjectNode converted = body.deepCopy();
        converted.put("apiVersion", newApiVersion);
        return new ConversionResult.Converted(converted);
    }
}
