package dev.bundlectl.plan.capability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.bundle.Diagnostic;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The command-line form and the defaults, as the CLI calls them. */
class CapabilityConfigFactoryTest {

    private final CapabilityConfigFactory factory = new CapabilityConfigFactory(Set.of());

    @Test
    void noFlagsMeansVCurrent() {
        CapabilityConfig config = factory.fromFlags(null, List.of(), List.of()).config().orElseThrow();
        assertThat(config.enabled()).isEqualTo(CapabilitySets.current());
        assertThat(config.origin()).isEqualTo(new CapabilityOrigin(ConfigForm.DEFAULT, "default", "vCurrent", List.of()));
        assertThat(factory.defaults()).isEqualTo(config);
    }

    @Test
    void disablingWithoutBaselineDisablesOnTopOfVCurrent() {
        CapabilityConfigResult result = factory.fromFlags(null, List.of(), List.of("Console", "Insights"));
        CapabilityConfig config = result.config().orElseThrow();
        assertThat(result.diagnostics().all()).isEmpty();
        assertThat(config.enabled()).hasSize(17).doesNotContain("Console", "Insights");
        assertThat(config.disabled()).containsExactly("Console", "Insights");
        assertThat(config.origin().form()).isEqualTo(ConfigForm.FLAGS);
        assertThat(config.origin().source()).isEqualTo("command line");
        assertThat(config.origin().baselineCapabilitySet()).isEqualTo("None");
        assertThat(config.origin().additionalEnabledCapabilities()).isEqualTo(List.copyOf(config.enabled()));
    }

    @Test
    void baselineAndEnableIsRecordedAsClusterVersionWould() {
        CapabilityConfig config = factory.fromFlags("None", List.of("Ingress", "Console"), List.of())
                .config().orElseThrow();
        assertThat(config.enabled()).containsExactly("Console", "Ingress");
        assertThat(config.origin().baselineCapabilitySet()).isEqualTo("None");
        assertThat(config.origin().additionalEnabledCapabilities()).containsExactly("Console", "Ingress");
    }

    @Test
    void enableAndDisableOfTheSameNameIsAnError() {
        CapabilityConfigResult result = factory.fromFlags(null, List.of("Console"), List.of("Console"));
        assertThat(result.config()).isEmpty();
        Diagnostic error = result.diagnostics().errors().get(0);
        assertThat(error.location().file()).isEqualTo("command line");
        assertThat(error.field()).isEqualTo("--enable-capability");
        assertThat(error.message()).startsWith("Capabilities can not be both enabled and disabled at once.");
    }

    @Test
    void unknownBaselineFlagIsAnError() {
        Diagnostic error = factory.fromFlags("v5", List.of(), List.of()).diagnostics().errors().get(0);
        assertThat(error.field()).isEqualTo("--baseline-capability-set");
        assertThat(error.message()).startsWith("unknown baseline capability set \"v5\"");
    }

    @Test
    void unknownNameFlagIsAWarningNamingTheFlag() {
        CapabilityConfigResult result = factory.fromFlags(null, List.of(), List.of("Consol"));
        assertThat(result.config()).isPresent();
        assertThat(result.diagnostics().warnings()).singleElement()
                .satisfies(w -> assertThat(w.field()).isEqualTo("--disable-capability"));
    }

    @Test
    void disablingOperatorLifecycleManagerAloneBreaksMarketplace() {
        Diagnostic error = factory.fromFlags(null, List.of(), List.of("OperatorLifecycleManager"))
                .diagnostics().errors().get(0);
        assertThat(error.field()).isEqualTo("--disable-capability");
        assertThat(error.message()).isEqualTo(
                "the marketplace capability requires the OperatorLifecycleManager capability");
        assertThat(factory.fromFlags(null, List.of(), List.of("OperatorLifecycleManager", "marketplace"))
                .config()).isPresent();
    }

    @Test
    void theRequestFormsCanBeBuiltDirectly() {
        CapabilityConfigResult result = factory.build(new HyperShiftCapabilities(List.of(), List.of("ImageRegistry")),
                new ConfigSource(dev.bundlectl.bundle.SourceLocation.file("hc.yaml"), "HostedCluster/x",
                        "spec.capabilities."));
        assertThat(result.config().orElseThrow().enabled()).doesNotContain("ImageRegistry", "baremetal");
    }
}
