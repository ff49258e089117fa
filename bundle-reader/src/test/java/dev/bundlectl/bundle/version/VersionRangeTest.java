package dev.bundlectl.bundle.version;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class VersionRangeTest {

    @ParameterizedTest(name = "{0} contains {1}: {2}")
    @CsvSource(delimiter = ';', value = {
            ">=1.0.0 <1.2.0; 1.0.0; true",
            ">=1.0.0 <1.2.0; 1.1.9; true",
            ">=1.0.0 <1.2.0; 1.2.0; false",
            ">=1.0.0 <1.2.0; 0.9.9; false",
            ">=1.0.0 <1.2.0; 1.2.0-rc.1; true",
            ">1.0.0; 1.0.0; false",
            "<=1.0.0; 1.0.0; true",
            "1.0.0; 1.0.0; true",
            "=1.0.0; 1.0.1; false",
            "==1.0.0; 1.0.0+build.5; true",
            "!=1.0.0; 1.0.1; true",
            "!1.0.0; 1.0.0; false",
            "<1.0.0 || >=2.0.0; 0.5.0; true",
            "<1.0.0 || >=2.0.0; 1.5.0; false",
            "<1.0.0 || >=2.0.0; 2.0.0; true",
            ">= 1.0.0 < 1.2.0; 1.1.0; true",
            "  >=0.1.0   <0.3.0  ; 0.2.5; true",
            // Wildcards, expanded as blang/semver does (OLM's skipRange, on CSVs and in catalogs).
            "1.2.x; 1.2.9; true",
            "1.2.x; 1.3.0; false",
            "1.2.x; 1.1.9; false",
            "1.x; 1.99.0; true",
            "1.x; 2.0.0; false",
            "1.x.x; 1.5.5; true",
            ">=1.x; 1.0.0; true",
            ">=1.x; 0.9.9; false",
            ">1.x; 1.99.99; false",
            ">1.x; 2.0.0; true",
            "<2.x; 1.99.0; true",
            "<2.x; 2.0.0; false",
            "<=1.2.x; 1.2.99; true",
            "<=1.2.x; 1.3.0; false",
            "!=1.2.x; 1.2.5; false",
            "!=1.2.x; 1.3.0; true",
            ">=0.2.* <0.4.X; 0.3.1; true",
    })
    void containsFollowsBlangSemver(String range, String version, boolean expected) {
        assertThat(VersionRange.parse(range)).get()
                .satisfies(parsed -> assertThat(parsed.contains(SemanticVersion.parse(version).orElseThrow()))
                        .isEqualTo(expected));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", ">=", "x", "x.1.0", "1.x.1", ">=1.0", "1.0.0 ||", "|| 1.0.0", ">=1.0.0 <", "~1.0.0",
            ">> 1.0.0", "> = 1.0.0", "v1.0.0", "latest", ">=1.0.0 ||| <2.0.0"})
    void rejectsWhatIsNotARange(String text) {
        assertThat(VersionRange.parse(text)).isEmpty();
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
            "; an empty version range",
            "1.0.0 ||; \"1.0.0 ||\": an empty alternative around ||",
            ">=1.0.0 <; \">=1.0.0 <\": operator < has no version",
            "latest; \"latest\": \"latest\" is not a comparison with a semantic version",
    })
    void saysWhatIsWrongWithARangeThatIsNot(String text, String message) {
        assertThatThrownBy(() -> VersionRange.read(text)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(message);
    }

    @Test
    void keepsItsText() {
        assertThat(VersionRange.parse(">=1.0.0 <1.2.0").orElseThrow()).hasToString(">=1.0.0 <1.2.0");
    }
}
