package dev.bundlectl.plan.config;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.crdschema.FieldError;
import dev.bundlectl.crdschema.GoText;
import java.util.Arrays;
import java.util.stream.Collectors;

/** The API server's field errors ({@code field.Required}, {@code field.Invalid}, ...) with its type words. */
final class FieldErrors {

    private FieldErrors() {
    }

    static FieldError required(String path, String detail) {
        return new FieldError(path, "Required value", null, detail);
    }

    static FieldError invalid(String path, String value, String detail) {
        return new FieldError(path, "Invalid value", GoText.quote(value), detail);
    }

    static FieldError invalid(String path, JsonNode value, String detail) {
        return new FieldError(path, "Invalid value", GoText.value(value), detail);
    }

    static FieldError notSupported(String path, String value, String... supported) {
        return new FieldError(path, "Unsupported value", GoText.quote(value), "supported values: "
                + Arrays.stream(supported).map(GoText::quote).collect(Collectors.joining(", ")));
    }

    static FieldError duplicate(String path, String value) {
        return new FieldError(path, "Duplicate value", GoText.quote(value), null);
    }

    static FieldError forbidden(String path, String detail) {
        return new FieldError(path, "Forbidden", null, detail);
    }

    static FieldError notFound(String path, String value) {
        return new FieldError(path, "Not found", GoText.quote(value), null);
    }
}
