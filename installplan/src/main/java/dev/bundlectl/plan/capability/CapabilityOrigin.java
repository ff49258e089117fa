package dev.bundlectl.plan.capability;

import java.util.List;
import java.util.Objects;

/**
 * Where a {@link CapabilityConfig} came from, and the same request expressed in ClusterVersion's
 * {@code spec.capabilities} shape, which is what an install record or a ClusterVersion object
 * would carry. The install-config, HyperShift and flag forms cannot remove capabilities from a
 * baseline, so they are expressed as baseline {@code None} plus every enabled capability, sorted
 * (HyperShift does exactly this; docs/semantics.md §4).
 *
 * @param form the form the configuration was written in
 * @param source the file name, {@code command line}, or {@code default}
 * @param baselineCapabilitySet the equivalent {@code baselineCapabilitySet}
 * @param additionalEnabledCapabilities the equivalent {@code additionalEnabledCapabilities}
 */
public record CapabilityOrigin(
        ConfigForm form, String source, String baselineCapabilitySet, List<String> additionalEnabledCapabilities) {

    public CapabilityOrigin {
        Objects.requireNonNull(form, "form");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(baselineCapabilitySet, "baselineCapabilitySet");
        additionalEnabledCapabilities = List.copyOf(additionalEnabledCapabilities);
    }
}
