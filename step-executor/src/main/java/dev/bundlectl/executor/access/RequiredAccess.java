package dev.bundlectl.executor.access;

import java.util.Objects;

/**
 * A request an operation will make, and what for.
 *
 * @param request the request
 * @param purpose what it is for, e.g. {@code install records} or {@code ConfigMap/team-a/cachebox-defaults}
 */
public record RequiredAccess(AccessRequest request, String purpose) {

    public RequiredAccess {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(purpose, "purpose");
    }

    /** The request's line with its purpose, for the list of what is missing. */
    public String line() {
        return request.describe() + " (" + purpose + ")";
    }
}
