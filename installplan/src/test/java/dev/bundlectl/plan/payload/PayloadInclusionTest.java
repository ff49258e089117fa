package dev.bundlectl.plan.payload;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.plan.capability.CapabilityConfig;
import dev.bundlectl.plan.capability.CapabilityConfigFactory;
import dev.bundlectl.plan.capability.ManifestFixtures;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class PayloadInclusionTest {

    private static final String SMHA = "include.release.openshift.io/self-managed-high-availability";
    private static final String HOSTED = "exclude.release.openshift.io/internal-openshift-hosted";

    private static final CapabilityConfig NO_CONSOLE = new CapabilityConfigFactory(Set.of())
            .fromFlags(null, List.of(), List.of("Console")).config().orElseThrow();

    private static Manifest manifest(String... keyValues) {
        Map<String, String> annotations = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            annotations.put(keyValues[i], keyValues[i + 1]);
        }
        return ManifestFixtures.configMap("0000_50_x_00.yaml", "cm", annotations);
    }

    private static InclusionDecision decide(PayloadFilterSettings settings, Manifest manifest) {
        return new PayloadInclusion(settings, NO_CONSOLE).decide(manifest);
    }

    private static InclusionDecision decide(Manifest manifest) {
        return decide(PayloadFilterSettings.defaults(), manifest);
    }

    private static InclusionDecision.FilteredOut filteredOut(InclusionDecision decision) {
        assertThat(decision).isInstanceOf(InclusionDecision.FilteredOut.class);
        return (InclusionDecision.FilteredOut) decision;
    }

    private static InclusionDecision.Invalid invalid(InclusionDecision decision) {
        assertThat(decision).isInstanceOf(InclusionDecision.Invalid.class);
        return (InclusionDecision.Invalid) decision;
    }

    @Test
    void defaultsAreTheCvos() {
        PayloadFilterSettings defaults = PayloadFilterSettings.defaults();
        assertThat(defaults.profile()).isEqualTo("self-managed-high-availability");
        assertThat(defaults.featureSet()).isEqualTo("Default");
        assertThat(defaults.excludeIdentifier()).isNull();
        assertThat(defaults.problem()).isEmpty();
    }

    @Nested
    class ExcludeIdentifier {
        private final PayloadFilterSettings hosted = new PayloadFilterSettings("internal-openshift-hosted", null, null);

        @Test
        void trueExcludes() {
            InclusionDecision.FilteredOut out = filteredOut(decide(hosted, manifest(HOSTED, "true")));
            assertThat(out.rule()).isEqualTo(FilterRule.EXCLUDE_IDENTIFIER);
            assertThat(out.reason()).isEqualTo("exclude.release.openshift.io/internal-openshift-hosted: \"true\"");
        }

        @Test
        void onlyTheExactValueTrueExcludes() {
            assertThat(decide(hosted, manifest(HOSTED, "false"))).isInstanceOf(InclusionDecision.Included.class);
            assertThat(decide(hosted, manifest(HOSTED, "True"))).isInstanceOf(InclusionDecision.Included.class);
        }

        @Test
        void withoutAnIdentifierNothingIsExcludedThisWay() {
            assertThat(decide(new PayloadFilterSettings(null, null, null), manifest(HOSTED, "true")))
                    .isInstanceOf(InclusionDecision.Included.class);
        }
    }

    @Nested
    class FeatureSet {
        private final PayloadFilterSettings techPreview = new PayloadFilterSettings(null, "TechPreviewNoUpgrade", null);

        @Test
        void emptyFeatureSetMeansDefault() {
            assertThat(new PayloadFilterSettings(null, "", null).featureSet()).isEqualTo("Default");
            assertThat(decide(new PayloadFilterSettings(null, "", null),
                    manifest(ReleaseAnnotations.FEATURE_SET, "Default"))).isInstanceOf(InclusionDecision.Included.class);
        }

        @Test
        void aManifestWithoutTheAnnotationIsInEveryFeatureSet() {
            assertThat(decide(techPreview, manifest())).isInstanceOf(InclusionDecision.Included.class);
            assertThat(decide(new PayloadFilterSettings(null, null, null), manifest()))
                    .isInstanceOf(InclusionDecision.Included.class);
        }

        @Test
        void listedFeatureSetIncludesUnlistedExcludes() {
            Manifest both = manifest(ReleaseAnnotations.FEATURE_SET, "CustomNoUpgrade,TechPreviewNoUpgrade");
            assertThat(decide(techPreview, both)).isInstanceOf(InclusionDecision.Included.class);
            InclusionDecision.FilteredOut out = filteredOut(decide(new PayloadFilterSettings(null, null, null), both));
            assertThat(out.rule()).isEqualTo(FilterRule.FEATURE_SET);
            assertThat(out.reason()).isEqualTo("feature set Default is not in release.openshift.io/feature-set "
                    + "\"CustomNoUpgrade,TechPreviewNoUpgrade\"");
        }

        @Test
        void unknownValuesAreErrorsAndNamesAreNotTrimmed() {
            InclusionDecision.Invalid invalid = invalid(decide(manifest(ReleaseAnnotations.FEATURE_SET,
                    "Default, TechPreviewNoUpgrade")));
            assertThat(invalid.diagnostic().message()).isEqualTo("unrecognized value \" TechPreviewNoUpgrade\" in "
                    + "release.openshift.io/feature-set \"Default, TechPreviewNoUpgrade\"; known values are: "
                    + "CustomNoUpgrade, Default, DevPreviewNoUpgrade, OKD, TechPreviewNoUpgrade");
            assertThat(invalid.diagnostic().field()).isEqualTo("metadata.annotations[release.openshift.io/feature-set]");
            assertThat(invalid.diagnostic().object()).isEqualTo("ConfigMap/cm");
        }

        @Test
        void unknownRequestedFeatureSetIsAProblemOfTheSettings() {
            assertThat(new PayloadFilterSettings(null, "Experimental", null).problem())
                    .contains("unknown feature set \"Experimental\"; known feature sets: CustomNoUpgrade, Default, "
                            + "DevPreviewNoUpgrade, OKD, TechPreviewNoUpgrade");
        }
    }

    @Nested
    class Profile {

        @Test
        void missingProfileAnnotationExcludes() {
            InclusionDecision.FilteredOut out = filteredOut(decide(manifest()));
            assertThat(out.rule()).isEqualTo(FilterRule.PROFILE);
            assertThat(out.reason()).isEqualTo(SMHA + " is unset");
        }

        @Test
        void trueIncludes() {
            assertThat(decide(manifest(SMHA, "true"))).isInstanceOf(InclusionDecision.Included.class);
        }

        @Test
        void anyOtherValueIsAnError() {
            InclusionDecision.Invalid invalid = invalid(decide(manifest(SMHA, "false-except-for-the-config-operator")));
            assertThat(invalid.diagnostic().message()).isEqualTo("unrecognized value "
                    + "\"false-except-for-the-config-operator\" for " + SMHA + "; only \"true\" is allowed");
            assertThat(invalid.diagnostic().field()).isEqualTo("metadata.annotations[" + SMHA + "]");
        }

        @Test
        void noProfileMeansNoProfileFiltering() {
            assertThat(decide(new PayloadFilterSettings(null, null, null), manifest()))
                    .isInstanceOf(InclusionDecision.Included.class);
        }

        @Test
        void anotherProfileReadsItsOwnAnnotation() {
            PayloadFilterSettings hypershift = new PayloadFilterSettings(null, null, "hypershift");
            assertThat(decide(hypershift, manifest(SMHA, "true"))).isInstanceOf(InclusionDecision.FilteredOut.class);
            assertThat(decide(hypershift, manifest("include.release.openshift.io/hypershift", "true")))
                    .isInstanceOf(InclusionDecision.Included.class);
        }
    }

    @Nested
    class OrderAndCapabilities {

        @Test
        void aDisabledCapabilityKeepsTheManifestInThePlan() {
            InclusionDecision decision = decide(manifest(SMHA, "true", "capability.openshift.io/name", "Console"));
            assertThat(decision).isEqualTo(new InclusionDecision.CapabilityExcluded(List.of("Console"),
                    "capability Console disabled"));
        }

        @Test
        void checksRunInLibraryGosOrderAndTheFirstFailureDecides() {
            PayloadFilterSettings all = new PayloadFilterSettings("internal-openshift-hosted", null,
                    "self-managed-high-availability");
            // Excluded by identifier before its invalid profile value is even looked at.
            assertThat(filteredOut(decide(all, manifest(HOSTED, "true", SMHA, "bogus",
                    ReleaseAnnotations.FEATURE_SET, "OKD"))).rule()).isEqualTo(FilterRule.EXCLUDE_IDENTIFIER);
            // Feature set before profile.
            assertThat(filteredOut(decide(all, manifest(ReleaseAnnotations.FEATURE_SET, "OKD", SMHA, "bogus"))).rule())
                    .isEqualTo(FilterRule.FEATURE_SET);
            // Profile before capabilities.
            assertThat(filteredOut(decide(all, manifest("capability.openshift.io/name", "Console"))).rule())
                    .isEqualTo(FilterRule.PROFILE);
        }

        @Test
        void selectionSplitsPlanFilteredAndInvalid() {
            Manifest included = manifest(SMHA, "true");
            Manifest noConsole = manifest(SMHA, "true", "capability.openshift.io/name", "Console");
            Manifest otherProfile = manifest("include.release.openshift.io/hypershift", "true");
            Manifest bad = manifest(SMHA, "yes");
            PayloadSelection selection = new PayloadInclusion(PayloadFilterSettings.defaults(), NO_CONSOLE)
                    .select(List.of(included, noConsole, otherProfile, bad));
            assertThat(selection.planned()).containsExactly(included, noConsole);
            assertThat(selection.capabilityExcluded()).singleElement()
                    .isEqualTo(new ExcludedManifest(noConsole, FilterRule.CAPABILITY, "capability Console disabled"));
            assertThat(selection.filteredOut()).singleElement().satisfies(e -> {
                assertThat(e.manifest()).isEqualTo(otherProfile);
                assertThat(e.rule()).isEqualTo(FilterRule.PROFILE);
            });
            assertThat(selection.diagnostics().errors()).singleElement()
                    .satisfies(d -> assertThat(d.message()).contains("\"yes\""));
        }
    }
}
