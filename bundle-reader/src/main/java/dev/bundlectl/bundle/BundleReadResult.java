package dev.bundlectl.bundle;

import java.util.Objects;
import java.util.Optional;

/**
 * What reading a bundle produced: the bundle when there were no errors, and every diagnostic.
 *
 * @param bundle the bundle, present only when {@code diagnostics} has no errors
 * @param diagnostics errors and warnings found while reading and validating
 */
public record BundleReadResult(Optional<Bundle> bundle, Diagnostics diagnostics) {

    public BundleReadResult {
        Objects.requireNonNull(bundle, "bundle");
        Objects.requireNonNull(diagnostics, "diagnostics");
    }
}
