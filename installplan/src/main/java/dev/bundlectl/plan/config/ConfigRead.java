package dev.bundlectl.plan.config;

import dev.bundlectl.bundle.Diagnostics;
import java.util.Objects;

/** What reading a configuration gave: the configuration, or why it is refused. */
public sealed interface ConfigRead {

    /** What was said about the input: errors when refused, else warnings, if any. */
    Diagnostics diagnostics();

    /**
     * A configuration the API server would take, and where it is written.
     *
     * @param config the configuration ({@link OperatorConfig#NONE} for a Subscription without one)
     * @param location where it is written, for later problems (a mount naming no volume of the bundle's pods)
     * @param diagnostics warnings
     */
    record Read(OperatorConfig config, ConfigLocation location, Diagnostics diagnostics) implements ConfigRead {

        public Read {
            Objects.requireNonNull(config, "config");
            Objects.requireNonNull(location, "location");
            Objects.requireNonNull(diagnostics, "diagnostics");
        }
    }

    /**
     * A configuration refused, every problem an error naming the source and the field.
     *
     * @param diagnostics the errors
     */
    record Refused(Diagnostics diagnostics) implements ConfigRead {

        public Refused {
            if (!diagnostics.hasErrors()) {
                throw new IllegalArgumentException("a refusal carries an error");
            }
        }
    }
}
