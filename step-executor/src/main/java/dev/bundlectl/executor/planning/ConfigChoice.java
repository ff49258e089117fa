package dev.bundlectl.executor.planning;

import dev.bundlectl.plan.config.ConfigLocation;
import dev.bundlectl.plan.config.ConfigRead;
import dev.bundlectl.plan.config.OperatorConfig;
import java.util.Objects;

/**
 * Which operator configuration an install asks for (docs/semantics.md §10): the one given, the one
 * the last install recorded, or none.
 */
public sealed interface ConfigChoice {

    /** {@code install} without {@code --config}: the configuration the last install recorded, if any. */
    ConfigChoice KEEP = new Keep();

    /** {@code --reset-config}: none, whatever the last install recorded. */
    ConfigChoice RESET = new Reset();

    /** The configuration the last install recorded. */
    record Keep() implements ConfigChoice {
    }

    /** No configuration. */
    record Reset() implements ConfigChoice {
    }

    /**
     * A configuration given: {@code --config FILE}, or a BundleInstall's {@code spec.config}
     * (empty when the spec has none: the spec is what the operator should be).
     *
     * @param config the configuration, checked
     * @param location where it is written
     */
    record Given(OperatorConfig config, ConfigLocation location) implements ConfigChoice {

        public Given {
            Objects.requireNonNull(config, "config");
            Objects.requireNonNull(location, "location");
        }

        /** The configuration a reading found. */
        public static Given of(ConfigRead.Read read) {
            return new Given(read.config(), read.location());
        }
    }
}
