package dev.bundlectl.plan.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.bundlectl.plan.CsvMode;
import dev.bundlectl.plan.OptionalApi;
import dev.bundlectl.plan.OptionalApis;
import dev.bundlectl.plan.capability.CapabilityConfig;
import dev.bundlectl.plan.capability.CapabilityOrigin;
import dev.bundlectl.plan.capability.ConfigForm;
import dev.bundlectl.plan.payload.InstallHistory;
import dev.bundlectl.plan.payload.PayloadFilterSettings;
import dev.bundlectl.render.CertProvider;
import dev.bundlectl.render.InstallModeType;
import dev.bundlectl.render.RenderOptions;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** {@link PlanOptionsAnnotation}: what a plan records of its options, and reading it back from an edited file. */
class PlanOptionsAnnotationTest {

    private static CapabilityConfig capabilities(List<String> enabled, List<String> known) {
        return new CapabilityConfig(new TreeSet<>(enabled), new TreeSet<>(known), new TreeSet<>(),
                new CapabilityOrigin(ConfigForm.FLAGS, "command line", "None", enabled));
    }

    @Test
    void aRenderedBundlePlansOptionsSurviveTheRoundTrip() {
        PlanOptions options = PlanOptions.bundle(CsvMode.RENDER,
                new RenderOptions(InstallModeType.MULTI_NAMESPACE, List.of("team-a", "team-b"), CertProvider.CERT_MANAGER),
                capabilities(List.of("Console"), List.of("Console", "Insights")), InstallHistory.FIRST_INSTALL);

        String written = PlanOptionsAnnotation.write(options);

        assertThat(written).isEqualTo("{\"csvMode\":\"render\",\"installMode\":\"MultiNamespace\","
                + "\"watchNamespaces\":[\"team-a\",\"team-b\"],\"certProvider\":\"cert-manager\","
                + "\"capabilities\":{\"enabled\":[\"Console\"],\"known\":[\"Console\",\"Insights\"]},"
                + "\"phase\":\"first-install\"}");
        PlanOptions read = PlanOptionsAnnotation.read(written);
        assertThat(read).isEqualTo(options);
        CapabilityConfig config = read.capabilityConfig().orElseThrow();
        assertThat(config.isEnabled("Console")).isTrue();
        assertThat(config.isEnabled("Insights")).isFalse();
    }

    @Test
    void aPayloadPlansFiltersAndPhaseSurviveTheRoundTrip() {
        PlanOptions options = PlanOptions.payload(new PayloadFilterSettings("hypershift", null,
                "ibm-cloud-managed"), null, InstallHistory.UPDATE);

        PlanOptions read = PlanOptionsAnnotation.read(PlanOptionsAnnotation.write(options));

        assertThat(read.payload().excludeIdentifier()).isEqualTo("hypershift");
        assertThat(read.payload().profile()).isEqualTo("ibm-cloud-managed");
        assertThat(read.phase()).isEqualTo(InstallHistory.UPDATE);
        assertThat(read.capabilityConfig()).isEmpty();
        assertThat(read.csvMode()).isNull();
    }

    @Test
    void theOptionalApiPolicySurvivesTheRoundTripInTheOrderGiven() {
        OptionalApis rules = new OptionalApis(List.of(OptionalApi.parse("monitoring.coreos.com"),
                OptionalApi.parse("autoscaling.k8s.io/VerticalPodAutoscaler")));
        PlanOptions options = PlanOptions.bundle(CsvMode.OLM, null, null, InstallHistory.UNKNOWN).withOptionalApis(rules);

        String written = PlanOptionsAnnotation.write(options);

        assertThat(written).isEqualTo("{\"csvMode\":\"olm\",\"phase\":\"unknown\","
                + "\"optionalApis\":[\"monitoring.coreos.com\",\"autoscaling.k8s.io/VerticalPodAutoscaler\"]}");
        assertThat(PlanOptionsAnnotation.read(written)).isEqualTo(options);
        assertThat(PlanOptionsAnnotation.read("{\"csvMode\":\"olm\"}").optionalApis()).isEqualTo(OptionalApis.NONE);
    }

    @Test
    void anEditedValueIsRefusedNamingTheField() {
        assertThatThrownBy(() -> PlanOptionsAnnotation.read("{\"optionalApis\":[\"a/b/c\"]}"))
                .hasMessage("optionalApis: \"a/b/c\": expected GROUP or GROUP/KIND, not a value with 2 slashes");
        assertThatThrownBy(() -> PlanOptionsAnnotation.read("{\"optionalApis\":\"monitoring.coreos.com\"}"))
                .hasMessage("optionalApis: expected a list of strings");
        assertThatThrownBy(() -> PlanOptionsAnnotation.read("{\"csvMode\":\"magic\"}"))
                .hasMessage("csvMode: unknown value \"magic\"");
        assertThatThrownBy(() -> PlanOptionsAnnotation.read("{\"watchNamespaces\":\"a\"}"))
                .hasMessage("watchNamespaces: expected a list of strings");
        assertThatThrownBy(() -> PlanOptionsAnnotation.read("{\"watchNamespaces\":[\"Not_A_Label\"]}"))
                .hasMessageStartingWith("watchNamespaces: ");
        assertThatThrownBy(() -> PlanOptionsAnnotation.read("{\"capabilities\":{\"enabled\":[1]}}"))
                .hasMessage("capabilities.enabled: expected a list of strings");
        assertThatThrownBy(() -> PlanOptionsAnnotation.read("{\"phase\":\"someday\"}"))
                .hasMessage("phase: unknown value \"someday\"");
        assertThatThrownBy(() -> PlanOptionsAnnotation.read("[1]")).hasMessage("not a JSON object");
        assertThatThrownBy(() -> PlanOptionsAnnotation.read("{")).hasMessageStartingWith("not valid JSON");
    }

    @Test
    void conversionIsRecordedOnlyWhenItShapedTheSteps() {
        PlanOptions plain = PlanOptions.bundle(CsvMode.OLM, null, null, InstallHistory.UNKNOWN);
        PlanOptions converted = plain.withConversion(new PlanOptions.RecordedConversion(true,
                new java.util.TreeSet<>(List.of("rbac.authorization.k8s.io/v1beta1", "apiextensions.k8s.io/v1beta1"))));
        PlanOptions off = plain.withConversion(new PlanOptions.RecordedConversion(false, new java.util.TreeSet<>()));

        assertThat(PlanOptionsAnnotation.write(plain)).isEqualTo("{\"csvMode\":\"olm\",\"phase\":\"unknown\"}");
        assertThat(PlanOptionsAnnotation.write(converted)).isEqualTo("{\"csvMode\":\"olm\",\"phase\":\"unknown\","
                + "\"converted\":[\"apiextensions.k8s.io/v1beta1\",\"rbac.authorization.k8s.io/v1beta1\"]}");
        assertThat(PlanOptionsAnnotation.write(off)).isEqualTo("{\"csvMode\":\"olm\",\"phase\":\"unknown\","
                + "\"convert\":false}");
        assertThat(PlanOptionsAnnotation.read(PlanOptionsAnnotation.write(converted))).isEqualTo(converted);
        assertThat(PlanOptionsAnnotation.read(PlanOptionsAnnotation.write(off))).isEqualTo(off);
        assertThat(PlanOptionsAnnotation.read(PlanOptionsAnnotation.write(plain)).conversion())
                .isEqualTo(PlanOptions.RecordedConversion.NONE);
        assertThatThrownBy(() -> PlanOptionsAnnotation.read("{\"convert\":\"no\"}"))
                .hasMessage("convert: expected true or false");
        assertThatThrownBy(() -> PlanOptionsAnnotation.read("{\"convert\":false,\"converted\":[\"policy/v1beta1\"]}"))
                .hasMessage("converted: a plan made with convert false converts nothing");
    }
}
