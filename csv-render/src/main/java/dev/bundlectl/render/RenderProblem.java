package dev.bundlectl.render;

import java.util.Objects;

/**
 * Why a CSV cannot be rendered, tied to the CSV field that causes it.
 *
 * @param field the dotted CSV field path, e.g. {@code spec.webhookdefinitions[0].deploymentName}
 * @param message what is wrong and, where there is one, what to do about it
 */
public record RenderProblem(String field, String message) {

    public RenderProblem {
        Objects.requireNonNull(field, "field");
        Objects.requireNonNull(message, "message");
    }

    /** {@code field: message}. */
    @Override
    public String toString() {
        return field + ": " + message;
    }
}
