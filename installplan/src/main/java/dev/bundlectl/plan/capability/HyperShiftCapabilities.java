package dev.bundlectl.plan.capability;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * HyperShift's HostedCluster form (docs/semantics.md §4): {@code enabled: []} and {@code disabled: []}.
 * The result is {@code vCurrent} minus {@link #DISABLED_BY_DEFAULT}, minus {@code disabled}, plus
 * {@code enabled}, recorded as baseline {@code None} plus the sorted enabled capabilities.
 *
 * @param enabled capabilities to enable on top of HyperShift's default
 * @param disabled capabilities to disable
 */
public record HyperShiftCapabilities(List<String> enabled, List<String> disabled) implements CapabilityRequest {

    /** Capabilities of {@code vCurrent} that a hosted cluster does not get unless asked for. */
    public static final Set<String> DISABLED_BY_DEFAULT = Set.of("baremetal", "ClusterAPI", "CompatibilityRequirements");

    public HyperShiftCapabilities {
        enabled = List.copyOf(enabled);
        disabled = List.copyOf(disabled);
    }

    @Override
    public ConfigForm form() {
        return ConfigForm.HYPERSHIFT;
    }

    @Override
    public List<NamedCapability> namedCapabilities() {
        List<NamedCapability> named = new ArrayList<>(RequestLists.indexed("enabled", enabled));
        named.addAll(RequestLists.indexed("disabled", disabled));
        return named;
    }

    @Override
    public List<Problem> formProblems() {
        List<Problem> problems = new ArrayList<>();
        for (int i = 0; i < enabled.size(); i++) {
            if (disabled.contains(enabled.get(i))) {
                problems.add(new Problem("enabled[" + i + "]", RequestLists.BOTH_ENABLED_AND_DISABLED
                        + " \"" + enabled.get(i) + "\" is in both lists."));
            }
        }
        int ingress = disabled.indexOf("Ingress");
        // HyperShift's rule: the console needs ingress, so Ingress may go only together with Console.
        if (ingress >= 0 && !disabled.contains("Console")) {
            problems.add(new Problem("disabled[" + ingress + "]",
                    "Ingress capability can only be disabled if Console capability is also disabled"));
        }
        return problems;
    }

    @Override
    public SortedSet<String> enabled(SortedSet<String> known) {
        TreeSet<String> result = new TreeSet<>(CapabilitySets.current());
        result.removeAll(DISABLED_BY_DEFAULT);
        disabled.forEach(result::remove);
        result.addAll(enabled);
        return RequestLists.knownOnly(result, known);
    }

    @Override
    public String defaultField() {
        return "disabled";
    }

    @Override
    public CapabilityOrigin origin(String source, SortedSet<String> enabledCapabilities) {
        return RequestLists.noneBaseline(form(), source, enabledCapabilities);
    }
}
