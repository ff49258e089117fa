package dev.bundlectl.plan.payload;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.plan.capability.CapabilityAnnotation;
import dev.bundlectl.plan.capability.CapabilityConfigFactory;
import dev.bundlectl.plan.capability.ManifestFixtures;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The CVO's default inclusion settings applied to the real payload slice. */
class PayloadCorpusInclusionTest {

    private static final String SMHA = "include.release.openshift.io/self-managed-high-availability";

    @Test
    void defaultProfileAndFeatureSetOnTheCorpus() {
        List<Manifest> payload = ManifestFixtures.corpusPayload();
        CapabilityConfigFactory factory = new CapabilityConfigFactory(CapabilityAnnotation.namesIn(payload));
        PayloadSelection selection = new PayloadInclusion(PayloadFilterSettings.defaults(), factory.defaults())
                .select(payload);

        // Only the self-managed Default FeatureGate render survives the feature-set check and then
        // carries a profile value other than "true" (it is meant for the config operator, not the CVO).
        assertThat(selection.diagnostics().errors()).singleElement().satisfies(e -> {
            assertThat(e.location().file()).isEqualTo("api/featuregates/featureGate-4-10-SelfManagedHA-Default.yaml");
            assertThat(e.object()).isEqualTo("FeatureGate/cluster");
            assertThat(e.message()).contains("false-except-for-the-config-operator");
        });

        // Expected counts straight from the raw annotations.
        long featureSetOut = payload.stream().filter(m -> !inDefaultFeatureSet(m.body())).count();
        long profileOut = payload.stream().filter(m -> inDefaultFeatureSet(m.body()))
                .filter(m -> annotations(m.body()).path(SMHA).isMissingNode()).count();
        assertThat(selection.filteredOut().stream().filter(e -> e.rule() == FilterRule.FEATURE_SET)).hasSize(
                (int) featureSetOut);
        assertThat(selection.filteredOut().stream().filter(e -> e.rule() == FilterRule.PROFILE)).hasSize(
                (int) profileOut);
        assertThat(selection.capabilityExcluded()).as("vCurrent enables every capability of the corpus").isEmpty();
        assertThat(selection.planned()).hasSize(payload.size() - (int) featureSetOut - (int) profileOut - 1);
    }

    private static JsonNode annotations(JsonNode body) {
        return body.path("metadata").path("annotations");
    }

    private static boolean inDefaultFeatureSet(JsonNode body) {
        JsonNode sets = annotations(body).path(ReleaseAnnotations.FEATURE_SET);
        return sets.isMissingNode() || Arrays.asList(sets.asText().split(",")).contains("Default");
    }
}
