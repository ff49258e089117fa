package dev.bundlectl.plan.capability;

import dev.bundlectl.plan.model.CapabilitiesStatus;
import dev.bundlectl.plan.model.PlanCondition;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * What a plan reports about capabilities: the ClusterVersion-style status and the condition the
 * cluster-version operator sets for implicitly enabled capabilities, with the CVO's own type,
 * reasons and messages so that people who know the CVO recognise them.
 */
public final class CapabilityReport {

    /** The condition type, as on ClusterVersion. */
    public static final String CONDITION_TYPE = "ImplicitlyEnabledCapabilities";
    /** The reason when some capabilities are implicitly enabled. */
    public static final String REASON_IMPLICIT = "CapabilitiesImplicitlyEnabled";
    /** The reason when none are. */
    public static final String REASON_AS_EXPECTED = "AsExpected";

    private CapabilityReport() {
    }

    /** Enabled, known and implicitly enabled capabilities, each sorted. */
    public static CapabilitiesStatus status(CapabilityConfig config) {
        return new CapabilitiesStatus(List.copyOf(config.enabled()), List.copyOf(config.known()),
                List.copyOf(config.implicitlyEnabled()));
    }

    /**
     * The configuration a plan's status records, for checks on a plan that was stored and read
     * back; empty when the plan was made without capabilities (then nothing was excluded for them).
     *
     * @param status the plan's {@code status.capabilities}, or null
     * @param source where the plan came from, for messages
     */
    public static Optional<CapabilityConfig> config(CapabilitiesStatus status, String source) {
        if (status == null) {
            return Optional.empty();
        }
        SortedSet<String> enabled = CapabilitySets.sorted(status.enabledCapabilities());
        TreeSet<String> known = new TreeSet<>(status.knownCapabilities());
        known.addAll(enabled);
        return Optional.of(new CapabilityConfig(enabled, CapabilitySets.sorted(known),
                CapabilitySets.sorted(status.implicitlyEnabledCapabilities()),
                RequestLists.noneBaseline(ConfigForm.CLUSTER_VERSION, source, enabled)));
    }

    /**
     * {@code ImplicitlyEnabledCapabilities}: {@code True} with the message "The following
     * capabilities could not be disabled: A, B" when some are, else {@code False}.
     *
     * @param lastTransitionTime RFC 3339 time, or null for an offline plan
     */
    public static PlanCondition condition(CapabilityConfig config, String lastTransitionTime) {
        if (config.implicitlyEnabled().isEmpty()) {
            return new PlanCondition(CONDITION_TYPE, "False", REASON_AS_EXPECTED,
                    "Capabilities match configured spec", lastTransitionTime);
        }
        return new PlanCondition(CONDITION_TYPE, "True", REASON_IMPLICIT,
                couldNotBeDisabled(config.implicitlyEnabled()), lastTransitionTime);
    }

    /** The CVO's message: {@code The following capabilities could not be disabled: A, B} (sorted). */
    public static String couldNotBeDisabled(java.util.Collection<String> capabilities) {
        return "The following capabilities could not be disabled: "
                + String.join(", ", CapabilitySets.sorted(capabilities));
    }
}
