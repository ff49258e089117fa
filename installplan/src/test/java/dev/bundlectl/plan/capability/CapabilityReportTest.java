package dev.bundlectl.plan.capability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.plan.model.CapabilitiesStatus;
import dev.bundlectl.plan.model.PlanCondition;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CapabilityReportTest {

    private final CapabilityConfig none = new CapabilityConfigFactory(Set.of("Widgets"))
            .fromFlags("None", List.of("Ingress"), List.of()).config().orElseThrow();

    @Test
    void statusListsEnabledKnownAndImplicitSorted() {
        CapabilitiesStatus status = CapabilityReport.status(none.withImplicitlyEnabled(List.of("openshift-samples",
                "Console")));
        assertThat(status.enabledCapabilities()).containsExactly("Console", "Ingress", "openshift-samples");
        assertThat(status.implicitlyEnabledCapabilities()).containsExactly("Console", "openshift-samples");
        assertThat(status.knownCapabilities()).isSorted().hasSize(20).contains("Widgets");
    }

    @Test
    void conditionWithoutImplicitCapabilities() {
        assertThat(CapabilityReport.condition(none, null)).isEqualTo(new PlanCondition("ImplicitlyEnabledCapabilities",
                "False", "AsExpected", "Capabilities match configured spec", null));
    }

    @Test
    void conditionWithImplicitCapabilitiesUsesTheCvoMessage() {
        PlanCondition condition = CapabilityReport.condition(
                none.withImplicitlyEnabled(List.of("marketplace", "Console", "Build")), "2025-01-01T00:00:00Z");
        assertThat(condition.status()).isEqualTo("True");
        assertThat(condition.reason()).isEqualTo("CapabilitiesImplicitlyEnabled");
        assertThat(condition.message())
                .isEqualTo("The following capabilities could not be disabled: Build, Console, marketplace");
        assertThat(condition.lastTransitionTime()).isEqualTo("2025-01-01T00:00:00Z");
    }

    @Test
    void implicitlyEnablingAnEnabledCapabilityChangesNothing() {
        assertThat(none.withImplicitlyEnabled(List.of("Ingress"))).isEqualTo(none);
    }

    @Test
    void aPlansRecordedStatusGivesBackItsConfiguration() {
        CapabilityConfig config = CapabilityReport.config(new dev.bundlectl.plan.model.CapabilitiesStatus(
                List.of("Console", "Build"), List.of("Console", "Insights"), List.of("Build")), "plan.yaml").orElseThrow();

        assertThat(config.enabled()).containsExactly("Build", "Console");
        assertThat(config.known()).containsExactly("Build", "Console", "Insights");
        assertThat(config.implicitlyEnabled()).containsExactly("Build");
        assertThat(config.disabled()).containsExactly("Insights");
        assertThat(config.origin().source()).isEqualTo("plan.yaml");
        assertThat(CapabilityReport.config(null, "plan.yaml")).isEmpty();
    }
}
