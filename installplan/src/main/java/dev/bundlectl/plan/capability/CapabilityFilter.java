package dev.bundlectl.plan.capability;

import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.plan.model.ManifestExclusion;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Excludes manifests whose capabilities are not all enabled. The planner turns such a manifest
 * into a {@code NotCreated} step whose message is the reason, e.g. {@code capability Console
 * disabled} or {@code capabilities CloudCredential, Ingress disabled} (names in annotation order).
 */
public final class CapabilityFilter implements ManifestExclusion {

    private final CapabilityConfig config;

    /**
     * A filter for one configuration.
     *
     * @param config the capabilities in effect, implicit enablement already applied
     */
    public CapabilityFilter(CapabilityConfig config) {
        this.config = Objects.requireNonNull(config, "config");
    }

    @Override
    public Optional<String> reason(Manifest manifest) {
        List<String> disabled = config.disabledCapabilitiesOf(manifest);
        if (disabled.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(reasonFor(disabled));
    }

    /** The exclusion text for these disabled capabilities. */
    public static String reasonFor(List<String> disabled) {
        if (disabled.size() == 1) {
            return "capability " + disabled.get(0) + " disabled";
        }
        return "capabilities " + String.join(", ", disabled) + " disabled";
    }
}
