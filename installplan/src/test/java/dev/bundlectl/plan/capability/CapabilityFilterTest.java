package dev.bundlectl.plan.capability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.bundle.Manifest;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CapabilityFilterTest {

    private final CapabilityConfigFactory factory = new CapabilityConfigFactory(Set.of());

    private CapabilityFilter enabledOnly(String... names) {
        return new CapabilityFilter(factory.fromFlags("None", List.of(names), List.of()).config().orElseThrow());
    }

    @Test
    void manifestWithoutAnnotationIsAlwaysIncluded() {
        assertThat(enabledOnly().reason(ManifestFixtures.configMap("plain", Map.of()))).isEmpty();
    }

    @Test
    void oneDisabledCapability() {
        assertThat(enabledOnly().reason(ManifestFixtures.withCapability("c", "Console")))
                .contains("capability Console disabled");
    }

    @Test
    void everyDisabledCapabilityIsNamedInAnnotationOrder() {
        Manifest both = ManifestFixtures.withCapability("cr", "CloudCredential+Ingress");
        assertThat(enabledOnly().reason(both)).contains("capabilities CloudCredential, Ingress disabled");
        assertThat(enabledOnly("CloudCredential").reason(both)).contains("capability Ingress disabled");
        assertThat(enabledOnly("CloudCredential", "Ingress").reason(both)).isEmpty();
    }

    @Test
    void untrimmedNamesDoNotMatch() {
        assertThat(enabledOnly("Console").reason(ManifestFixtures.withCapability("c", " Console")))
                .contains("capability  Console disabled");
    }

    @Test
    void worksThroughThePlannersInterface() {
        dev.bundlectl.plan.model.ManifestExclusion exclusion = enabledOnly("Console");
        assertThat(exclusion.reason(ManifestFixtures.withCapability("c", "Console"))).isEmpty();
    }
}
