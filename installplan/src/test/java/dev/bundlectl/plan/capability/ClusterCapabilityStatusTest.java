package dev.bundlectl.plan.capability;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bundlectl.bundle.Diagnostic;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClusterCapabilityStatusTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode clusterVersion(String statusJson) throws Exception {
        return JSON.readTree("{\"apiVersion\":\"config.openshift.io/v1\",\"kind\":\"ClusterVersion\","
                + "\"metadata\":{\"name\":\"version\"},\"status\":" + statusJson + "}");
    }

    @Test
    void theClusterStatusIsTheEnabledSetWithEveryNameKnown() throws Exception {
        CapabilityConfigResult result = ClusterCapabilityStatus.read(clusterVersion("""
                {"capabilities": {"enabledCapabilities": ["MachineAPI", "Console"],
                                  "knownCapabilities": ["Console", "Insights", "MachineAPI"]}}"""),
                "cluster https://api.test", List.of("Dashboards"));

        assertThat(result.diagnostics().all()).isEmpty();
        CapabilityConfig config = result.config().orElseThrow();
        assertThat(config.enabled()).containsExactly("Console", "MachineAPI");
        assertThat(config.known()).containsExactly("Console", "Dashboards", "Insights", "MachineAPI");
        assertThat(config.disabled()).containsExactly("Dashboards", "Insights");
        assertThat(config.implicitlyEnabled()).isEmpty();
        assertThat(config.origin()).isEqualTo(new CapabilityOrigin(ConfigForm.CLUSTER_VERSION,
                "ClusterVersion/version status on cluster https://api.test", "None", List.of("Console", "MachineAPI")));
    }

    @Test
    void aReleaseWithoutCapabilitiesGivesNoConfigurationAndSaysSo() throws Exception {
        CapabilityConfigResult result = ClusterCapabilityStatus.read(clusterVersion("{\"desired\":{}}"),
                "cluster https://api.test", List.of());

        assertThat(result.config()).isEmpty();
        assertThat(result.diagnostics().hasErrors()).isFalse();
        assertThat(result.diagnostics().warnings()).singleElement().satisfies(warning -> {
            assertThat(warning.object()).isEqualTo("ClusterVersion/version");
            assertThat(warning.field()).isEqualTo("status.capabilities");
            assertThat(warning.message()).contains("every capability counts as enabled");
        });
    }

    @Test
    void malformedListsAreErrorsNamingTheField() throws Exception {
        CapabilityConfigResult result = ClusterCapabilityStatus.read(clusterVersion("""
                {"capabilities": {"enabledCapabilities": ["Console", 7], "knownCapabilities": "Console"}}"""),
                "cluster https://api.test", List.of());

        assertThat(result.config()).isEmpty();
        assertThat(result.diagnostics().errors()).extracting(Diagnostic::field).containsExactly(
                "status.capabilities.enabledCapabilities[1]", "status.capabilities.knownCapabilities");
        assertThat(result.diagnostics().errors().get(0).location().file()).isEqualTo("cluster https://api.test");
    }
}
