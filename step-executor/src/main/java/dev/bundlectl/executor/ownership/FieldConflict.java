package dev.bundlectl.executor.ownership;

import java.util.Objects;

/**
 * One field a server-side apply conflicted on: its path as the API server writes it
 * ({@code .spec.conversion.webhook.clientConfig.service.name}) and the field manager that owns it
 * with another value.
 *
 * @param path the field's path
 * @param manager the manager owning it
 */
public record FieldConflict(String path, String manager) {

    public FieldConflict {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(manager, "manager");
    }
}
