package dev.bundlectl.plan.api;

import java.util.Optional;

/**
 * A surface that serves everything: used when nothing is known about the target (a release
 * payload planned offline without {@code --api-surface}), so that no step is blamed on an API
 * that may well exist. Scope is not known here; callers take it from the manifest.
 */
public final class UncheckedApiSurface implements ApiSurface {

    public static final String DESCRIPTION = "no API surface (API availability not checked)";

    @Override
    public Optional<ApiResource> find(String group, String version, String kind) {
        return Optional.of(new ApiResource(group, version, kind, Plurals.guess(kind), true));
    }

    @Override
    public boolean servesKind(String group, String kind) {
        return true;
    }

    @Override
    public String description() {
        return DESCRIPTION;
    }
}
