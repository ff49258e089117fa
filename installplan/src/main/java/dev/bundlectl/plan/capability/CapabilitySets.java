package dev.bundlectl.plan.capability;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The OpenShift capabilities bundlectl knows and the ClusterVersion baseline capability sets
 * ({@code None}, {@code v4.11} … {@code v4.18}, {@code vCurrent}), exactly as in docs/semantics.md §4.
 * Each versioned set contains the one before it.
 */
public final class CapabilitySets {

    /** The empty baseline set. */
    public static final String NONE = "None";
    /** The newest baseline set, and the default when {@code baselineCapabilitySet} is unset. */
    public static final String CURRENT = "vCurrent";

    /** Every OpenShift capability name bundlectl knows, sorted. */
    public static final SortedSet<String> KNOWN = sorted(List.of(
            "baremetal", "Console", "Insights", "marketplace", "Storage", "openshift-samples", "CSISnapshot",
            "NodeTuning", "MachineAPI", "Build", "DeploymentConfig", "ImageRegistry", "OperatorLifecycleManager",
            "OperatorLifecycleManagerV1", "CloudCredential", "Ingress", "CloudControllerManager",
            "CompatibilityRequirements", "ClusterAPI"));

    private static final Map<String, SortedSet<String>> SETS = buildSets();

    private CapabilitySets() {
    }

    private static Map<String, SortedSet<String>> buildSets() {
        // Insertion order is the order users see in "known sets" messages.
        Map<String, SortedSet<String>> sets = new LinkedHashMap<>();
        TreeSet<String> running = new TreeSet<>();
        sets.put(NONE, sorted(running));
        running.addAll(List.of("baremetal", "marketplace", "openshift-samples", "MachineAPI"));
        sets.put("v4.11", sorted(running));
        running.addAll(List.of("Console", "Insights", "Storage", "CSISnapshot"));
        sets.put("v4.12", sorted(running));
        running.add("NodeTuning");
        sets.put("v4.13", sorted(running));
        running.addAll(List.of("Build", "DeploymentConfig", "ImageRegistry"));
        sets.put("v4.14", sorted(running));
        running.addAll(List.of("OperatorLifecycleManager", "CloudCredential"));
        sets.put("v4.15", sorted(running));
        running.addAll(List.of("Ingress", "CloudControllerManager"));
        sets.put("v4.16", sorted(running));
        sets.put("v4.17", sorted(running));
        running.add("OperatorLifecycleManagerV1");
        sets.put("v4.18", sorted(running));
        running.addAll(List.of("CompatibilityRequirements", "ClusterAPI"));
        sets.put(CURRENT, sorted(running));
        return Collections.unmodifiableMap(sets);
    }

    /** The capabilities of a baseline set, or empty when {@code name} is not a known set. */
    public static Optional<SortedSet<String>> baseline(String name) {
        return Optional.ofNullable(SETS.get(name));
    }

    /** The names of the baseline sets in version order: None, v4.11 … v4.18, vCurrent. */
    public static List<String> setNames() {
        return List.copyOf(SETS.keySet());
    }

    /** The capabilities of {@code vCurrent}. */
    public static SortedSet<String> current() {
        return SETS.get(CURRENT);
    }

    /** Whether {@code name} is one of the OpenShift capabilities above. */
    public static boolean isOpenShiftCapability(String name) {
        return KNOWN.contains(name);
    }

    /** An unmodifiable, naturally sorted copy (the CVO sorts capability names byte-wise, as String does). */
    static SortedSet<String> sorted(Collection<String> names) {
        return Collections.unmodifiableSortedSet(new TreeSet<>(names));
    }
}
