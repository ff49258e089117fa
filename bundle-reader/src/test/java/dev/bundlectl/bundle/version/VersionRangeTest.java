package dev.bundlectl.bundle.version;

import static org.assertj.core.api.Assertions.assertThat;

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
    })
    void containsFollowsBlangSemver(String range, String version, boolean expected) {
        assertThat(VersionRange.parse(range)).get()
                .satisfies(parsed -> assertThat(parsed.contains(SemanticVersion.parse(version).orElseThrow()))
                        .isEqualTo(expected));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", ">=", "1.x", ">=1.0", "1.0.0 ||", "|| 1.0.0", ">=1.0.0 <", "~1.0.0", ">> 1.0.0",
            "> = 1.0.0", "v1.0.0"})
    void rejectsWhatIsNotARange(String text) {
        assertThat(VersionRange.parse(text)).isEmpty();
    }

    @Test
    void keepsItsText() {
        assertThat(VersionRange.parse(">=1.0.0 <1.2.0").orElseThrow()).hasToString(">=1.0.0 <1.2.0");
    }
}
