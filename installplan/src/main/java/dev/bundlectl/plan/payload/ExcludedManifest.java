package dev.bundlectl.plan.payload;

import dev.bundlectl.bundle.Manifest;
import java.util.Objects;

/**
 * A manifest an inclusion check ruled out, with why.
 *
 * @param manifest the manifest
 * @param rule the check
 * @param reason the reason, in words
 */
public record ExcludedManifest(Manifest manifest, FilterRule rule, String reason) {

    public ExcludedManifest {
        Objects.requireNonNull(manifest, "manifest");
        Objects.requireNonNull(rule, "rule");
        Objects.requireNonNull(reason, "reason");
    }
}
