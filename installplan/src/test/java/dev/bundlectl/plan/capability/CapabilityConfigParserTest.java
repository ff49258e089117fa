package dev.bundlectl.plan.capability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.bundle.Diagnostic;
import dev.bundlectl.bundle.Severity;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class CapabilityConfigParserTest {

    private static final Set<String> V_CURRENT = Set.of("baremetal", "marketplace", "openshift-samples", "MachineAPI",
            "Console", "Insights", "Storage", "CSISnapshot", "NodeTuning", "Build", "DeploymentConfig", "ImageRegistry",
            "OperatorLifecycleManager", "CloudCredential", "Ingress", "CloudControllerManager",
            "OperatorLifecycleManagerV1", "CompatibilityRequirements", "ClusterAPI");

    private final CapabilityConfigParser parser = new CapabilityConfigParser(new CapabilityConfigFactory(Set.of()));

    private static Set<String> vCurrentWithout(String... names) {
        Set<String> set = new HashSet<>(V_CURRENT);
        set.removeAll(List.of(names));
        return set;
    }

    private CapabilityConfig fixture(String name) {
        CapabilityConfigResult result = parser.parse(ManifestFixtures.resource("/capability/" + name));
        assertThat(result.diagnostics().all()).as(name).isEmpty();
        return result.config().orElseThrow();
    }

    private CapabilityConfigResult parse(String yaml) {
        return parser.parse("capabilities.yaml", yaml);
    }

    private static Diagnostic onlyError(CapabilityConfigResult result) {
        assertThat(result.config()).isEmpty();
        assertThat(result.diagnostics().errors()).hasSize(1);
        return result.diagnostics().errors().get(0);
    }

    @Nested
    class Forms {

        @Test
        void installConfigIncludeDefaultEnablesEverythingNotExcluded() {
            CapabilityConfig config = fixture("install-config-exclude.yaml");
            assertThat(config.enabled()).containsExactlyInAnyOrderElementsOf(
                    vCurrentWithout("Console", "openshift-samples"));
            assertThat(config.origin().form()).isEqualTo(ConfigForm.INSTALL_CONFIG);
            assertThat(config.origin().baselineCapabilitySet()).isEqualTo("None");
            assertThat(config.origin().additionalEnabledCapabilities()).isSorted().hasSize(17);
        }

        @Test
        void installConfigExcludeDefaultEnablesOnlyIncluded() {
            assertThat(fixture("install-config-include.yaml").enabled()).containsExactly("ImageRegistry");
        }

        @Test
        void inclusionDefaultDefaultsToInclude() {
            CapabilityConfig config = parse("exclude: [Console]\n").config().orElseThrow();
            assertThat(config.enabled()).containsExactlyInAnyOrderElementsOf(vCurrentWithout("Console"));
        }

        @Test
        void includeDefaultAlsoEnablesCapabilitiesOnlyTheManifestsName() {
            CapabilityConfigParser withExtra = new CapabilityConfigParser(
                    new CapabilityConfigFactory(Set.of("example.com/Widgets")));
            CapabilityConfig config = withExtra.parse("c.yaml", "inclusionDefault: Include\n").config().orElseThrow();
            assertThat(config.enabled()).contains("example.com/Widgets");
            assertThat(config.known()).contains("example.com/Widgets");
        }

        @Test
        void installConfigDocumentWithClusterVersionStyleBlock() {
            CapabilityConfig config = fixture("install-config-whole.yaml");
            assertThat(config.enabled()).containsExactlyInAnyOrder("baremetal", "marketplace", "openshift-samples",
                    "MachineAPI", "OperatorLifecycleManager", "CloudCredential", "Ingress");
            assertThat(config.origin()).isEqualTo(new CapabilityOrigin(ConfigForm.CLUSTER_VERSION,
                    ManifestFixtures.resource("/capability/install-config-whole.yaml").toString(), "v4.11",
                    List.of("CloudCredential", "Ingress", "OperatorLifecycleManager")));
        }

        @Test
        void clusterVersionDocument() {
            CapabilityConfig config = fixture("clusterversion.yaml");
            assertThat(config.enabled()).containsExactlyInAnyOrder("baremetal", "marketplace", "openshift-samples",
                    "MachineAPI", "Console", "Insights", "Storage", "CSISnapshot", "NodeTuning", "Build",
                    "DeploymentConfig", "ImageRegistry", "OperatorLifecycleManager", "Ingress");
            assertThat(config.origin().form()).isEqualTo(ConfigForm.CLUSTER_VERSION);
        }

        @Test
        void clusterVersionDocumentInJson() {
            assertThat(fixture("clusterversion.json").enabled()).containsExactly("Console", "Ingress");
        }

        @Test
        void clusterVersionWithoutCapabilitiesIsVCurrent() {
            CapabilityConfig config = fixture("clusterversion-no-capabilities.yaml");
            assertThat(config.enabled()).containsExactlyInAnyOrderElementsOf(V_CURRENT);
            assertThat(config.origin().baselineCapabilitySet()).isEqualTo("vCurrent");
        }

        @Test
        void yamlFlowStyleIsYamlNotJson() {
            assertThat(parse("{baselineCapabilitySet: None, additionalEnabledCapabilities: [Console]}")
                    .config().orElseThrow().enabled()).containsExactly("Console");
        }

        @Test
        void emptyBareBlockIsVCurrent() {
            assertThat(parse("{}").config().orElseThrow().enabled()).containsExactlyInAnyOrderElementsOf(V_CURRENT);
        }

        @Test
        void hostedClusterDocument() {
            CapabilityConfig config = fixture("hostedcluster.yaml");
            Set<String> expected = vCurrentWithout("baremetal", "ClusterAPI", "CompatibilityRequirements",
                    "ImageRegistry");
            assertThat(config.enabled()).containsExactlyInAnyOrderElementsOf(expected);
            assertThat(config.origin().form()).isEqualTo(ConfigForm.HYPERSHIFT);
            assertThat(config.origin().baselineCapabilitySet()).isEqualTo("None");
            assertThat(config.origin().additionalEnabledCapabilities()).isSorted()
                    .containsExactlyInAnyOrderElementsOf(expected);
        }

        @Test
        void hostedClusterWithoutCapabilitiesGetsHyperShiftDefault() {
            assertThat(fixture("hostedcluster-no-capabilities.yaml").enabled()).containsExactlyInAnyOrderElementsOf(
                    vCurrentWithout("baremetal", "ClusterAPI", "CompatibilityRequirements"));
        }

        @Test
        void bareHyperShiftBlockInJsonCanEnableWhatHyperShiftLeavesOut() {
            CapabilityConfig config = fixture("hypershift-bare.json");
            assertThat(config.enabled()).containsExactlyInAnyOrderElementsOf(
                    vCurrentWithout("ClusterAPI", "CompatibilityRequirements", "Insights", "openshift-samples"));
        }

        @Test
        void nothingIsImplicitlyEnabledByParsing() {
            assertThat(fixture("clusterversion.yaml").implicitlyEnabled()).isEmpty();
        }
    }

    @Nested
    class Validation {

        @Test
        void sameNameIncludedAndExcludedIsAnError() {
            Diagnostic error = onlyError(parse("include: [Console]\nexclude: [Insights, Console]\n"));
            assertThat(error.location().file()).isEqualTo("capabilities.yaml");
            assertThat(error.field()).isEqualTo("include[0]");
            assertThat(error.toString()).isEqualTo(
                    "error: capabilities.yaml: field include[0]: capability \"Console\" is both included and excluded");
        }

        @Test
        void sameNameEnabledAndDisabledIsAnErrorWithHyperShiftsMessage() {
            Diagnostic error = onlyError(parse("enabled: [Insights]\ndisabled: [Insights]\n"));
            assertThat(error.field()).isEqualTo("enabled[0]");
            assertThat(error.message()).startsWith("Capabilities can not be both enabled and disabled at once.")
                    .contains("\"Insights\"");
        }

        @Test
        void errorsInsideAHostedClusterNameTheObjectAndFullField() {
            Diagnostic error = onlyError(parser.parse("hc.yaml", "kind: HostedCluster\nmetadata: {name: guest}\n"
                    + "spec:\n  capabilities:\n    enabled: [Insights]\n    disabled: [Insights]\n"));
            assertThat(error.object()).isEqualTo("HostedCluster/guest");
            assertThat(error.field()).isEqualTo("spec.capabilities.enabled[0]");
        }

        @Test
        void unknownBaselineSetIsAnError() {
            Diagnostic error = onlyError(parse("baselineCapabilitySet: v4.99\n"));
            assertThat(error.field()).isEqualTo("baselineCapabilitySet");
            assertThat(error.message()).isEqualTo("unknown baseline capability set \"v4.99\"; known sets: None, "
                    + "v4.11, v4.12, v4.13, v4.14, v4.15, v4.16, v4.17, v4.18, vCurrent");
        }

        @Test
        void unknownCapabilityNameIsOnlyAWarning() {
            CapabilityConfigResult result = parse("baselineCapabilitySet: None\n"
                    + "additionalEnabledCapabilities: [Console, Consol]\n");
            assertThat(result.config()).isPresent();
            assertThat(result.config().get().enabled()).containsExactly("Console");
            assertThat(result.diagnostics().errors()).isEmpty();
            Diagnostic warning = result.diagnostics().warnings().get(0);
            assertThat(result.diagnostics().warnings()).hasSize(1);
            assertThat(warning.field()).isEqualTo("additionalEnabledCapabilities[1]");
            assertThat(warning.message()).contains("unknown capability \"Consol\"");
        }

        @Test
        void namesUsedByTheManifestsAreKnown() {
            CapabilityConfigParser withExtra = new CapabilityConfigParser(
                    new CapabilityConfigFactory(Set.of("Widgets")));
            CapabilityConfigResult result = withExtra.parse("c.yaml",
                    "baselineCapabilitySet: None\nadditionalEnabledCapabilities: [Widgets]\n");
            assertThat(result.diagnostics().all()).isEmpty();
            assertThat(result.config().orElseThrow().enabled()).containsExactly("Widgets");
        }

        @Test
        void marketplaceWithoutOperatorLifecycleManagerIsAnError() {
            Diagnostic error = onlyError(parse("baselineCapabilitySet: None\n"
                    + "additionalEnabledCapabilities: [marketplace]\n"));
            assertThat(error.field()).isEqualTo("additionalEnabledCapabilities[0]");
            assertThat(error.message())
                    .isEqualTo("the marketplace capability requires the OperatorLifecycleManager capability");
        }

        @Test
        void anOldBaselineWithMarketplaceButNoOperatorLifecycleManagerIsAnError() {
            Diagnostic error = onlyError(parse("baselineCapabilitySet: v4.11\n"));
            assertThat(error.field()).isEqualTo("baselineCapabilitySet");
            assertThat(error.message()).contains("OperatorLifecycleManager");
        }

        @Test
        void excludingADependencyBlamesTheExcludeEntry() {
            Diagnostic error = onlyError(parse("exclude: [Console, OperatorLifecycleManager]\n"));
            assertThat(error.field()).isEqualTo("exclude[1]");
        }

        @Test
        void clusterApiWithoutCompatibilityRequirementsIsAnError() {
            Diagnostic error = onlyError(parse("enabled: [ClusterAPI]\n"));
            assertThat(error.field()).isEqualTo("enabled[0]");
            assertThat(error.message())
                    .isEqualTo("the ClusterAPI capability requires the CompatibilityRequirements capability");
            assertThat(parse("enabled: [ClusterAPI, CompatibilityRequirements]\n").config()).isPresent();
        }

        @Test
        void hyperShiftMayDisableIngressOnlyWithConsole() {
            Diagnostic error = onlyError(parse("disabled: [Ingress]\n"));
            assertThat(error.field()).isEqualTo("disabled[0]");
            assertThat(error.message())
                    .isEqualTo("Ingress capability can only be disabled if Console capability is also disabled");
            assertThat(onlyError(parse("enabled: [Console]\ndisabled: [Ingress]\n")).field()).isEqualTo("disabled[0]");
            CapabilityConfig both = parse("disabled: [Console, Ingress]\n").config().orElseThrow();
            assertThat(both.enabled()).doesNotContain("Console", "Ingress");
        }

        @Test
        void invalidInclusionDefaultIsAnError() {
            Diagnostic error = onlyError(parse("inclusionDefault: Maybe\n"));
            assertThat(error.field()).isEqualTo("inclusionDefault");
            assertThat(error.message()).isEqualTo("inclusionDefault must be Include or Exclude, not \"Maybe\"");
        }
    }

    @Nested
    class Shape {

        @Test
        void fieldsOfTwoFormsCannotBeMixed() {
            Diagnostic error = onlyError(parse("include: [Console]\ndisabled: [Insights]\n"));
            assertThat(error.message()).contains("include (install-config)").contains("disabled (HyperShift)");
        }

        @Test
        void unknownFieldsAreWarnings() {
            CapabilityConfigResult result = parse("baselineCapabilitySet: None\nexclud: [Console]\n");
            assertThat(result.config()).isPresent();
            assertThat(result.diagnostics().warnings()).singleElement()
                    .satisfies(w -> assertThat(w.field()).isEqualTo("exclud"));
        }

        @Test
        void seedSpellingOfHyperShiftFieldsIsAnErrorNotSilentlyIgnored() {
            Diagnostic error = onlyError(parse("disabledCapabilities: [ImageRegistry]\n"));
            assertThat(error.field()).isEqualTo("disabledCapabilities");
            assertThat(error.message()).contains("calls this field disabled");
        }

        @Test
        void wronglyTypedFieldsAreErrors() {
            assertThat(onlyError(parse("include: Console\n")).message())
                    .isEqualTo("expected a list of capability names, found the string \"Console\"");
            assertThat(onlyError(parse("include: [1]\n")).field()).isEqualTo("include[0]");
            assertThat(onlyError(parse("baselineCapabilitySet: [None]\n")).field()).isEqualTo("baselineCapabilitySet");
        }

        @Test
        void aCapabilitiesBlockMustBeAMapping() {
            Diagnostic error = onlyError(parse("capabilities: [Console]\n"));
            assertThat(error.field()).isEqualTo("capabilities");
        }

        @Test
        void topLevelListIsAnError() {
            assertThat(onlyError(parse("- Console\n")).message()).contains("found a list");
            assertThat(onlyError(parse("[Console]")).message()).contains("found a list");
            assertThat(onlyError(parser.parse("c.json", "[\"Console\"]")).message()).contains("found a list");
        }

        @Test
        void documentOfAnotherKindIsAnError() {
            Diagnostic error = onlyError(parse("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n"));
            assertThat(error.object()).isEqualTo("ConfigMap");
            assertThat(error.message()).startsWith("no capabilities found");
        }

        @Test
        void aliasesAreRejected() {
            Diagnostic error = onlyError(parse("x: &caps [Console]\nbaselineCapabilitySet: None\n"
                    + "additionalEnabledCapabilities: *caps\n"));
            assertThat(error.message()).startsWith("YAML aliases are not supported at line 3");
        }

        @Test
        void moreThanOneDocumentIsAnError() {
            assertThat(onlyError(parse("baselineCapabilitySet: None\n---\nbaselineCapabilitySet: v4.11\n")).message())
                    .isEqualTo("expected one document, found 2");
        }

        @Test
        void aTrailingDocumentMarkerIsNotASecondDocument() {
            assertThat(parse("baselineCapabilitySet: None\n---\n").config().orElseThrow().enabled()).isEmpty();
        }

        @Test
        void aFieldLeftBlankIsAnErrorNotTheDefault() {
            Diagnostic error = onlyError(parse("baselineCapabilitySet:\n"));
            assertThat(error.field()).isEqualTo("baselineCapabilitySet");
            assertThat(error.message()).startsWith("unknown baseline capability set \"\"");
        }

        @Test
        void duplicateKeysAreAnError() {
            assertThat(onlyError(parse("baselineCapabilitySet: None\nbaselineCapabilitySet: vCurrent\n")).message())
                    .startsWith("invalid YAML");
        }

        @Test
        void malformedYamlAndJsonAreOneLineErrors() {
            Diagnostic yaml = onlyError(parse("include: [Console\n"));
            assertThat(yaml.message()).startsWith("invalid YAML at line").doesNotContain("\n");
            Diagnostic json = onlyError(parser.parse("c.json", "{\"include\": [\"Console\"}"));
            assertThat(json.message()).startsWith("invalid JSON at line 1").doesNotContain("\n");
        }

        @Test
        void emptyFileIsAnError() {
            assertThat(onlyError(parse("  \n")).message()).isEqualTo("the file is empty");
            assertThat(onlyError(parse("# just a comment\n")).message()).isEqualTo("the file holds no document");
        }

        @Test
        void oversizedInputIsRejectedBeforeParsing() {
            String huge = "include:\n" + "- Console\n".repeat(30_000);
            assertThat(onlyError(parse(huge)).message()).startsWith("the file is larger than");
        }

        @Test
        void binaryFileIsAnError(@org.junit.jupiter.api.io.TempDir Path dir) throws java.io.IOException {
            Path file = java.nio.file.Files.write(dir.resolve("caps.yaml"), new byte[] {(byte) 0xff, (byte) 0xfe, 0});
            assertThat(onlyError(parser.parse(file)).message()).isEqualTo("the file is not UTF-8 text");
        }

        @Test
        void fileOnDiskIsReadAndNamed(@org.junit.jupiter.api.io.TempDir Path dir) throws java.io.IOException {
            Path file = java.nio.file.Files.writeString(dir.resolve("caps.yaml"), "exclude: [Console, Console2]\n");
            CapabilityConfigResult result = parser.parse(file);
            assertThat(result.config().orElseThrow().enabled()).doesNotContain("Console");
            assertThat(result.diagnostics().warnings()).singleElement()
                    .satisfies(w -> assertThat(w.toString()).isEqualTo("warning: " + file + ": field exclude[1]: "
                            + "unknown capability \"Console2\": it is not an OpenShift capability and no manifest names it"));
        }

        @Test
        void missingFileIsAnError(@org.junit.jupiter.api.io.TempDir Path dir) {
            Diagnostic error = onlyError(parser.parse(dir.resolve("nope.yaml")));
            assertThat(error.severity()).isEqualTo(Severity.ERROR);
            assertThat(error.message()).isEqualTo("file not found");
            assertThat(error.location().file()).endsWith("nope.yaml");
        }
    }
}
