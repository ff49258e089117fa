package dev.bundlectl.controller.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bundlectl.plan.crdsafety.CrdSafetyPolicy;
import org.junit.jupiter.api.Test;

class SpecReaderTest {

    private static JsonNode json(String text) throws Exception {
        return new ObjectMapper().readTree(text);
    }

    @Test
    void readsEachSourceFormAndTheDefaults() throws Exception {
        BundleInstallSpec image = SpecReader.read(json("{\"spec\":{\"source\":{\"image\":\"r/b:1\"}}}"));
        BundleInstallSpec catalog = SpecReader.read(json("{\"spec\":{\"source\":{\"catalog\":{\"configMap\":\"fbc\","
                + "\"package\":\"p\",\"channel\":\"stable\"}},\"approval\":\"Manual\",\"approvedPlan\":\"sha256:ab\","
                + "\"optionalApis\":[\"monitoring.coreos.com\"],\"csvMode\":\"render\"}}"));

        assertThat(image.source()).isEqualTo(new BundleSource.Image("r/b:1"));
        assertThat(image.approval()).isEqualTo(ApprovalMode.Automatic);
        assertThat(image.csvMode()).isEqualTo("auto");
        assertThat(catalog.source()).isEqualTo(new BundleSource.Catalog(null, "fbc", "p", "stable", null));
        assertThat(SpecReader.read(json("{\"spec\":{\"source\":{\"catalog\":{\"image\":\"c:1\",\"package\":\"p\","
                + "\"versionRange\":\"^1.2\"}}}}")).source())
                .isEqualTo(new BundleSource.Catalog("c:1", null, "p", null, null, "^1.2"));
        assertThat(catalog.approval()).isEqualTo(ApprovalMode.Manual);
        assertThat(catalog.approvedPlan()).isEqualTo("sha256:ab");
        assertThat(catalog.optionalApis()).containsExactly("monitoring.coreos.com");
        assertThat(catalog.csvMode()).isEqualTo("render");
        assertThat(image.upgradeConstraintPolicy()).isEqualTo(UpgradeConstraintPolicy.CatalogProvided);
        assertThat(image.selfCertified()).isFalse();
        assertThat(SpecReader.read(json("{\"spec\":{\"source\":{\"image\":\"r/b:1\"},"
                + "\"upgradeConstraintPolicy\":\"SelfCertified\"}}")).selfCertified()).isTrue();
        assertThat(image.crdUpgradeSafety()).isEqualTo(CrdSafetyPolicy.WARN);
        assertThat(SpecReader.read(json("{\"spec\":{\"source\":{\"image\":\"r/b:1\"},\"crdUpgradeSafety\":\"Strict\"}}"))
                .crdUpgradeSafety()).isEqualTo(CrdSafetyPolicy.STRICT);
    }

    @Test
    void refusesWhatTheSchemaRefusesNamingTheField() throws Exception {
        assertThatThrownBy(() -> SpecReader.read(json("{\"spec\":{\"source\":{\"image\":\"a\",\"configMap\":\"b\"}}}")))
                .isInstanceOf(InvalidSpecException.class)
                .hasMessage("spec.source: needs exactly one of image, catalog and configMap");
        assertThatThrownBy(() -> SpecReader.read(json("{\"spec\":{\"source\":{\"catalog\":{\"image\":\"a\"}}}}")))
                .hasMessage("spec.source.catalog.package: required");
        assertThatThrownBy(() -> SpecReader.read(json("{\"spec\":{\"source\":{\"image\":\"a\"},\"approval\":\"x\"}}")))
                .hasMessage("spec.approval: \"x\" is not Automatic or Manual");
        assertThatThrownBy(() -> SpecReader.read(json("{\"spec\":{\"source\":{\"image\":\"a\"},"
                + "\"upgradeConstraintPolicy\":\"Any\"}}")))
                .hasMessage("spec.upgradeConstraintPolicy: \"Any\" is not CatalogProvided or SelfCertified");
        assertThatThrownBy(() -> SpecReader.read(json("{}"))).hasMessage("spec: required");
        assertThatThrownBy(() -> SpecReader.read(json("{\"spec\":{\"source\":{\"image\":\"a\"},"
                + "\"crdUpgradeSafety\":\"strict\"}}")))
                .hasMessage("spec.crdUpgradeSafety: \"strict\" is not Warn or Strict");
        assertThatThrownBy(() -> SpecReader.read(json("{\"spec\":{\"source\":{\"catalog\":{\"image\":\"a\","
                + "\"package\":\"p\",\"version\":\"1.0.0\",\"versionRange\":\">=1\"}}}}")))
                .hasMessage("spec.source.catalog: give either version or versionRange, not both");
        assertThatThrownBy(() -> SpecReader.read(json("{\"spec\":{\"source\":{\"catalog\":{\"image\":\"a\","
                + "\"package\":\"p\",\"versionRange\":\">=one\"}}}}")))
                .hasMessageStartingWith("spec.source.catalog.versionRange: version range \">=one\":");
    }
}
