package dev.bundlectl.plan.capability;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * ClusterVersion's form: {@code baselineCapabilitySet} (None, v4.11 … v4.18, vCurrent;
 * {@code vCurrent} when unset) plus {@code additionalEnabledCapabilities}.
 *
 * @param baselineCapabilitySet the baseline set, or null for {@code vCurrent}
 * @param additionalEnabledCapabilities capabilities enabled on top of the baseline
 */
public record ClusterVersionCapabilities(String baselineCapabilitySet, List<String> additionalEnabledCapabilities)
        implements CapabilityRequest {

    public ClusterVersionCapabilities {
        additionalEnabledCapabilities = List.copyOf(additionalEnabledCapabilities);
    }

    /** The baseline set name, {@code vCurrent} when unset. */
    public String effectiveBaseline() {
        return RequestLists.baselineOrCurrent(baselineCapabilitySet);
    }

    @Override
    public ConfigForm form() {
        return ConfigForm.CLUSTER_VERSION;
    }

    @Override
    public List<NamedCapability> namedCapabilities() {
        return RequestLists.indexed("additionalEnabledCapabilities", additionalEnabledCapabilities);
    }

    @Override
    public List<Problem> formProblems() {
        if (CapabilitySets.baseline(effectiveBaseline()).isEmpty()) {
            return List.of(new Problem("baselineCapabilitySet", RequestLists.unknownBaseline(baselineCapabilitySet)));
        }
        return List.of();
    }

    @Override
    public SortedSet<String> enabled(SortedSet<String> known) {
        TreeSet<String> enabled = new TreeSet<>(CapabilitySets.baseline(effectiveBaseline()).orElseThrow());
        enabled.addAll(additionalEnabledCapabilities);
        return RequestLists.knownOnly(enabled, known);
    }

    @Override
    public String defaultField() {
        return "baselineCapabilitySet";
    }

    @Override
    public CapabilityOrigin origin(String source, SortedSet<String> enabled) {
        List<String> additional = new ArrayList<>(new TreeSet<>(additionalEnabledCapabilities));
        return new CapabilityOrigin(form(), source, effectiveBaseline(), additional);
    }
}
