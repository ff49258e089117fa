package dev.bundlectl.plan.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * The capabilities a plan was made under, in ClusterVersion's {@code status.capabilities} shape
 * plus the implicitly enabled ones.
 *
 * @param enabledCapabilities enabled capability names, sorted
 * @param knownCapabilities known capability names, sorted
 * @param implicitlyEnabledCapabilities capabilities enabled only because an excluded object
 *     already exists or an earlier install enabled them, sorted
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record CapabilitiesStatus(
        @JsonProperty("enabledCapabilities") List<String> enabledCapabilities,
        @JsonProperty("knownCapabilities") List<String> knownCapabilities,
        @JsonProperty("implicitlyEnabledCapabilities") List<String> implicitlyEnabledCapabilities) {

    public CapabilitiesStatus {
        enabledCapabilities = enabledCapabilities == null ? List.of() : List.copyOf(enabledCapabilities);
        knownCapabilities = knownCapabilities == null ? List.of() : List.copyOf(knownCapabilities);
        implicitlyEnabledCapabilities =
                implicitlyEnabledCapabilities == null ? List.of() : List.copyOf(implicitlyEnabledCapabilities);
    }
}
