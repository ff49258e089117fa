package dev.bundlectl.plan.capability;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.plan.payload.FilterRule;
import dev.bundlectl.plan.payload.PayloadFilterSettings;
import dev.bundlectl.plan.payload.PayloadInclusion;
import dev.bundlectl.plan.payload.PayloadSelection;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Plans the real payload slice in {@code ../shared/corpus/payload/} under several capability
 * configurations. Expected counts are computed here from the raw annotations and from enabled
 * sets written out by hand from semantics.md, not through the filter's code.
 */
class PayloadCorpusCapabilityTest {

    private static final Pattern PLUS = Pattern.compile("\\+");

    /** vCurrent, typed in from the table in semantics.md §4. */
    private static final Set<String> V_CURRENT = Set.of("baremetal", "marketplace", "openshift-samples", "MachineAPI",
            "Console", "Insights", "Storage", "CSISnapshot", "NodeTuning", "Build", "DeploymentConfig", "ImageRegistry",
            "OperatorLifecycleManager", "CloudCredential", "Ingress", "CloudControllerManager",
            "OperatorLifecycleManagerV1", "CompatibilityRequirements", "ClusterAPI");

    private static List<Manifest> manifests;

    @BeforeAll
    static void load() {
        manifests = ManifestFixtures.corpusPayload();
    }

    static Stream<Arguments> configurations() {
        Set<String> hyperShift = new HashSet<>(V_CURRENT);
        hyperShift.removeAll(Set.of("baremetal", "ClusterAPI", "CompatibilityRequirements", "ImageRegistry"));
        return Stream.of(
                Arguments.of("vCurrent", "baselineCapabilitySet: vCurrent\n", V_CURRENT),
                Arguments.of("None", "baselineCapabilitySet: None\n", Set.of()),
                Arguments.of("None + Console", "baselineCapabilitySet: None\nadditionalEnabledCapabilities: [Console]\n",
                        Set.of("Console")),
                Arguments.of("HyperShift without ImageRegistry", "disabled: [ImageRegistry]\n", hyperShift));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("configurations")
    void excludedObjectsPerCapabilityMatchTheAnnotations(String label, String yaml, Set<String> expectedEnabled) {
        CapabilityConfig config = parse(yaml);
        assertThat(config.enabled()).as("enabled set of %s", label).containsExactlyInAnyOrderElementsOf(expectedEnabled);

        Map<String, Integer> expected = new TreeMap<>();
        int expectedExcluded = 0;
        for (Manifest manifest : manifests) {
            List<String> disabled = rawCapabilities(manifest.body()).stream()
                    .filter(c -> !expectedEnabled.contains(c)).distinct().toList();
            disabled.forEach(c -> expected.merge(c, 1, Integer::sum));
            expectedExcluded += disabled.isEmpty() ? 0 : 1;
        }

        CapabilityFilter filter = new CapabilityFilter(config);
        Map<String, Integer> actual = new TreeMap<>();
        int actualExcluded = 0;
        for (Manifest manifest : manifests) {
            Optional<String> reason = filter.reason(manifest);
            if (reason.isPresent()) {
                actualExcluded++;
                namesInReason(reason.get()).forEach(c -> actual.merge(c, 1, Integer::sum));
            }
        }
        assertThat(actual).as(label).isEqualTo(expected);
        assertThat(actualExcluded).as(label).isEqualTo(expectedExcluded);
    }

    @Test
    void countsMatchPayloadStats() {
        List<JsonNode> raw = new java.util.ArrayList<>(ManifestFixtures.unappliedDocuments(ManifestFixtures.corpus("payload")));
        manifests.forEach(m -> raw.add(m.body()));
        assertThat(raw).hasSize(781);
        assertThat(raw.stream().filter(n -> !rawCapabilities(n).isEmpty())).hasSize(515);
        assertThat(raw.stream().filter(n -> rawCapabilities(n).size() > 1)).hasSize(37);

        // Only .yaml/.yml/.json files are applied: the 18 image-references ImageStreams are not,
        // and exactly one of them (the image registry's) carries a capability.
        assertThat(manifests).hasSize(763);
        assertThat(manifests.stream().filter(m -> !CapabilityAnnotation.capabilitiesOf(m).isEmpty())).hasSize(514);
        assertThat(manifests.stream().filter(m -> CapabilityAnnotation.capabilitiesOf(m).size() > 1)).hasSize(37);
    }

    @Test
    void baselineNoneExcludesEveryAnnotatedObjectWithPayloadStatsCounts() {
        CapabilityFilter filter = new CapabilityFilter(parse("baselineCapabilitySet: None\n"));
        Map<String, Integer> perCapability = new TreeMap<>();
        manifests.forEach(m -> filter.reason(m).ifPresent(r -> namesInReason(r)
                .forEach(c -> perCapability.merge(c, 1, Integer::sum))));
        // payload-stats.md's per-capability table, minus the one ImageRegistry image-references object.
        assertThat(perCapability).isEqualTo(new TreeMap<>(Map.ofEntries(
                Map.entry("MachineAPI", 84), Map.entry("Console", 68), Map.entry("CloudCredential", 67),
                Map.entry("OperatorLifecycleManager", 57), Map.entry("Storage", 46), Map.entry("Ingress", 42),
                Map.entry("CloudControllerManager", 42), Map.entry("Insights", 41), Map.entry("ImageRegistry", 32),
                Map.entry("NodeTuning", 25), Map.entry("baremetal", 18), Map.entry("CSISnapshot", 16),
                Map.entry("OperatorLifecycleManagerV1", 12), Map.entry("Build", 1))));
        assertThat(manifests.stream().filter(m -> filter.reason(m).isPresent())).hasSize(514);
    }

    @Test
    void hyperShiftWithoutImageRegistryExcludesBaremetalAndImageRegistryOnly() {
        CapabilityFilter filter = new CapabilityFilter(parse("disabled: [ImageRegistry]\n"));
        assertThat(manifests.stream().filter(m -> filter.reason(m).isPresent())).hasSize(18 + 32);
    }

    @Test
    void plusAnnotatedCredentialsRequestsNeedBothCapabilities() {
        List<Manifest> registryCredentials = manifests.stream()
                .filter(m -> "ImageRegistry+CloudCredential".equals(m.annotation(CapabilityAnnotation.KEY)))
                .toList();
        assertThat(registryCredentials).hasSize(6).allMatch(m -> m.kind().equals("CredentialsRequest"));

        CapabilityFilter both = new CapabilityFilter(
                parse("baselineCapabilitySet: None\nadditionalEnabledCapabilities: [ImageRegistry, CloudCredential]\n"));
        CapabilityFilter registryOnly = new CapabilityFilter(
                parse("baselineCapabilitySet: None\nadditionalEnabledCapabilities: [ImageRegistry]\n"));
        CapabilityFilter credentialOnly = new CapabilityFilter(
                parse("baselineCapabilitySet: None\nadditionalEnabledCapabilities: [CloudCredential]\n"));
        CapabilityFilter neither = new CapabilityFilter(parse("baselineCapabilitySet: None\n"));

        for (Manifest manifest : registryCredentials) {
            assertThat(both.reason(manifest)).isEmpty();
            assertThat(registryOnly.reason(manifest)).contains("capability CloudCredential disabled");
            assertThat(credentialOnly.reason(manifest)).contains("capability ImageRegistry disabled");
            assertThat(neither.reason(manifest)).contains("capabilities ImageRegistry, CloudCredential disabled");
        }
    }

    @Test
    void payloadSelectionKeepsCapabilityExclusionsInThePlanAndFiltersTheRest() {
        CapabilityConfig none = parse("baselineCapabilitySet: None\n");
        PayloadSelection selection = new PayloadInclusion(new PayloadFilterSettings(null, null, null), none)
                .select(manifests);

        // Independently: the Default feature set keeps manifests without the annotation or listing Default.
        long expectedFeatureSetOut = manifests.stream().filter(m -> {
            String sets = m.body().path("metadata").path("annotations").path("release.openshift.io/feature-set")
                    .asText(null);
            return sets != null && !Arrays.asList(sets.split(",")).contains("Default");
        }).count();
        long expectedCapabilityOut = manifests.stream().filter(m -> {
            String sets = m.body().path("metadata").path("annotations").path("release.openshift.io/feature-set")
                    .asText(null);
            boolean kept = sets == null || Arrays.asList(sets.split(",")).contains("Default");
            return kept && !rawCapabilities(m.body()).isEmpty();
        }).count();

        assertThat(selection.diagnostics().all()).isEmpty();
        assertThat(selection.filteredOut()).hasSize((int) expectedFeatureSetOut)
                .allMatch(e -> e.rule() == FilterRule.FEATURE_SET);
        assertThat(selection.capabilityExcluded()).hasSize((int) expectedCapabilityOut)
                .allMatch(e -> e.rule() == FilterRule.CAPABILITY);
        assertThat(selection.planned()).hasSize(manifests.size() - (int) expectedFeatureSetOut)
                .containsAll(selection.capabilityExcluded().stream().map(e -> e.manifest()).toList());
    }

    private static CapabilityConfig parse(String yaml) {
        CapabilityConfigParser parser = new CapabilityConfigParser(
                new CapabilityConfigFactory(CapabilityAnnotation.namesIn(manifests)));
        CapabilityConfigResult result = parser.parse("capabilities.yaml", yaml);
        assertThat(result.diagnostics().errors()).isEmpty();
        return result.config().orElseThrow();
    }

    /** The capability names straight from the raw object, split independently of the production code. */
    private static List<String> rawCapabilities(JsonNode body) {
        JsonNode value = body.path("metadata").path("annotations").path("capability.openshift.io/name");
        if (!value.isTextual() || value.asText().isEmpty()) {
            return List.of();
        }
        return List.of(PLUS.split(value.asText(), -1));
    }

    /** The capability names in "capability X disabled" / "capabilities X, Y disabled". */
    private static List<String> namesInReason(String reason) {
        String names;
        if (reason.startsWith("capabilities ")) {
            names = reason.substring("capabilities ".length());
        } else {
            assertThat(reason).startsWith("capability ");
            names = reason.substring("capability ".length());
        }
        assertThat(names).endsWith(" disabled");
        return List.of(names.substring(0, names.length() - " disabled".length()).split(", "));
    }
}
