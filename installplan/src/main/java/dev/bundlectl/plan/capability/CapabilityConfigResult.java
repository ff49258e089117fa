package dev.bundlectl.plan.capability;

import dev.bundlectl.bundle.Diagnostics;
import java.util.Objects;
import java.util.Optional;

/**
 * A capability configuration read from a file or flags, with every finding.
 *
 * @param config the configuration, present only when {@code diagnostics} has no errors
 * @param diagnostics errors and warnings, each naming the file, object and field
 */
public record CapabilityConfigResult(Optional<CapabilityConfig> config, Diagnostics diagnostics) {

    public CapabilityConfigResult {
        Objects.requireNonNull(config, "config");
        Objects.requireNonNull(diagnostics, "diagnostics");
        if (config.isPresent() && diagnostics.hasErrors()) {
            throw new IllegalArgumentException("a configuration with errors must not be returned");
        }
    }

    /** A result that carries only diagnostics (at least one error). */
    static CapabilityConfigResult failed(Diagnostics diagnostics) {
        return new CapabilityConfigResult(Optional.empty(), diagnostics);
    }
}
