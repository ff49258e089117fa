package dev.bundlectl.plan.capability;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;

/** Small helpers the request forms share. */
final class RequestLists {

    /** HyperShift's and the flags' message for a name in both the enabled and disabled lists (HyperShift's wording). */
    static final String BOTH_ENABLED_AND_DISABLED = "Capabilities can not be both enabled and disabled at once.";

    private RequestLists() {
    }

    /** {@code field[i]} entries for every name of the list. */
    static List<CapabilityRequest.NamedCapability> indexed(String field, List<String> names) {
        List<CapabilityRequest.NamedCapability> named = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            named.add(new CapabilityRequest.NamedCapability(field + "[" + i + "]", names.get(i)));
        }
        return named;
    }

    /** The same field for every name, for flags that can be repeated. */
    static List<CapabilityRequest.NamedCapability> repeated(String field, List<String> names) {
        return names.stream().map(n -> new CapabilityRequest.NamedCapability(field, n)).toList();
    }

    /** {@code names} intersected with {@code known}, sorted. */
    static SortedSet<String> knownOnly(java.util.Collection<String> names, SortedSet<String> known) {
        TreeSet<String> result = new TreeSet<>(names);
        result.retainAll(known);
        return CapabilitySets.sorted(result);
    }

    /** Baseline {@code None} plus every enabled capability: how forms that remove capabilities are recorded. */
    static CapabilityOrigin noneBaseline(ConfigForm form, String source, SortedSet<String> enabled) {
        return new CapabilityOrigin(form, source, CapabilitySets.NONE, List.copyOf(enabled));
    }

    /** The baseline set name, {@code vCurrent} when unset. */
    static String baselineOrCurrent(String baselineCapabilitySet) {
        return baselineCapabilitySet == null ? CapabilitySets.CURRENT : baselineCapabilitySet;
    }

    /** The error for an unknown baseline set name. */
    static String unknownBaseline(String name) {
        return "unknown baseline capability set \"" + name + "\"; known sets: "
                + String.join(", ", CapabilitySets.setNames());
    }
}
