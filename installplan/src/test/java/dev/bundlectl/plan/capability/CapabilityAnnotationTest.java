package dev.bundlectl.plan.capability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.bundle.Diagnostics;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CapabilityAnnotationTest {

    @Test
    void splitOnPlusWithoutTrimming() {
        assertThat(CapabilityAnnotation.capabilitiesOf(ManifestFixtures.withCapability("a", "Console+ Insights")))
                .containsExactly("Console", " Insights");
    }

    @Test
    void noAnnotationOrEmptyValueMeansNoCapability() {
        assertThat(CapabilityAnnotation.capabilitiesOf(ManifestFixtures.configMap("a", Map.of()))).isEmpty();
        assertThat(CapabilityAnnotation.capabilitiesOf(ManifestFixtures.withCapability("a", ""))).isEmpty();
    }

    @Test
    void repeatsCollapseInAnnotationOrder() {
        assertThat(CapabilityAnnotation.capabilitiesOf(ManifestFixtures.withCapability("a", "Ingress+Console+Ingress")))
                .containsExactly("Ingress", "Console");
    }

    @Test
    void namesInCollectsSorted() {
        assertThat(CapabilityAnnotation.namesIn(List.of(ManifestFixtures.withCapability("a", "b+A"),
                ManifestFixtures.withCapability("c", "A")))).containsExactly("A", "b");
    }

    @Test
    void suspiciousNamesAreWarnings() {
        Diagnostics diagnostics = CapabilityAnnotation.check(List.of(
                ManifestFixtures.withCapability("ok", "Console+Ingress"),
                ManifestFixtures.withCapability("spaced", "Console+ Ingress"),
                ManifestFixtures.withCapability("dangling", "Console+")));
        assertThat(diagnostics.errors()).isEmpty();
        assertThat(diagnostics.warnings()).hasSize(2);
        assertThat(diagnostics.warnings().get(0).object()).isEqualTo("ConfigMap/spaced");
        assertThat(diagnostics.warnings().get(0).field()).isEqualTo("metadata.annotations[capability.openshift.io/name]");
        assertThat(diagnostics.warnings().get(0).message()).contains("\" Ingress\"");
        assertThat(diagnostics.warnings().get(1).message()).contains("\"\"");
    }
}
