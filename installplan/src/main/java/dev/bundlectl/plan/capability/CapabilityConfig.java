package dev.bundlectl.plan.capability;

import dev.bundlectl.bundle.Manifest;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The one capability model every configuration form turns into: which capabilities are enabled,
 * which are known, which of the enabled ones are only implicitly enabled, and how the
 * configuration was given. Immutable; all sets are sorted.
 *
 * <p>A manifest is included only if every capability it names is enabled; a manifest without a
 * capability annotation is always included.
 *
 * @param enabled every enabled capability, the implicitly enabled ones included
 * @param known every known capability: OpenShift's and those named by the manifests being planned
 * @param implicitlyEnabled capabilities enabled only because an excluded object already exists;
 *     a subset of {@code enabled}
 * @param origin where the configuration came from
 */
public record CapabilityConfig(
        SortedSet<String> enabled, SortedSet<String> known, SortedSet<String> implicitlyEnabled,
        CapabilityOrigin origin) {

    public CapabilityConfig {
        enabled = CapabilitySets.sorted(enabled);
        known = CapabilitySets.sorted(known);
        implicitlyEnabled = CapabilitySets.sorted(implicitlyEnabled);
        Objects.requireNonNull(origin, "origin");
        if (!enabled.containsAll(implicitlyEnabled)) {
            throw new IllegalArgumentException("implicitly enabled capabilities must be enabled");
        }
    }

    /**
     * The configuration when nothing is configured: {@code vCurrent}.
     *
     * @param extraKnown capability names used by the manifests being planned
     */
    public static CapabilityConfig defaults(Collection<String> extraKnown) {
        SortedSet<String> known = knownWith(extraKnown);
        return new CapabilityConfig(CapabilitySets.current(), known, CapabilitySets.sorted(Set.of()),
                new CapabilityOrigin(ConfigForm.DEFAULT, "default", CapabilitySets.CURRENT, List.of()));
    }

    /**
     * Every capability enabled: OpenShift's and every name the manifests carry. What a plan uses
     * when no capability configuration is given at all, so that no manifest is excluded.
     */
    public static CapabilityConfig allOf(Collection<Manifest> manifests) {
        SortedSet<String> all = knownWith(CapabilityAnnotation.namesIn(manifests));
        return new CapabilityConfig(all, all, CapabilitySets.sorted(Set.of()),
                new CapabilityOrigin(ConfigForm.DEFAULT, "none given: every capability enabled", CapabilitySets.NONE,
                        List.copyOf(all)));
    }

    /** OpenShift's capabilities plus {@code extraKnown}, sorted. */
    static SortedSet<String> knownWith(Collection<String> extraKnown) {
        TreeSet<String> known = new TreeSet<>(CapabilitySets.KNOWN);
        known.addAll(extraKnown);
        return CapabilitySets.sorted(known);
    }

    /** Whether the capability is enabled. */
    public boolean isEnabled(String capability) {
        return enabled.contains(capability);
    }

    /** The manifest's capabilities that are not enabled, in annotation order; empty when it is included. */
    public List<String> disabledCapabilitiesOf(Manifest manifest) {
        return CapabilityAnnotation.capabilitiesOf(manifest).stream().filter(c -> !isEnabled(c)).toList();
    }

    /** Whether every capability the manifest names is enabled. */
    public boolean includes(Manifest manifest) {
        return disabledCapabilitiesOf(manifest).isEmpty();
    }

    /** Known capabilities that are not enabled, sorted. */
    public SortedSet<String> disabled() {
        TreeSet<String> disabled = new TreeSet<>(known);
        disabled.removeAll(enabled);
        return CapabilitySets.sorted(disabled);
    }

    /**
     * This configuration with more capabilities implicitly enabled. Names that are already
     * explicitly enabled stay explicit; the others are added to both {@code enabled} and
     * {@code implicitlyEnabled}, and to {@code known} if they were not known.
     */
    public CapabilityConfig withImplicitlyEnabled(Collection<String> capabilities) {
        TreeSet<String> newEnabled = new TreeSet<>(enabled);
        TreeSet<String> newImplicit = new TreeSet<>(implicitlyEnabled);
        for (String capability : capabilities) {
            if (newEnabled.add(capability)) {
                newImplicit.add(capability);
            }
        }
        TreeSet<String> newKnown = new TreeSet<>(known);
        newKnown.addAll(newEnabled);
        return new CapabilityConfig(newEnabled, newKnown, newImplicit, origin);
    }
}
