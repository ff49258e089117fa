package dev.bundlectl.source.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class SemverRangeTest {

    @ParameterizedTest(name = "{0} contains {1}: {2}")
    @CsvSource(delimiter = ';', value = {
        ">=1.0.0 <1.2.0;1.0.0;true",
        ">=1.0.0 <1.2.0;1.1.9;true",
        ">=1.0.0 <1.2.0;1.2.0;false",
        ">=1.0.0 <1.2.0;0.9.9;false",
        ">=1.0.0 <1.2.0;1.2.0-rc.1;true",
        "<1.0.0 || >=2.0.0;0.5.0;true",
        "<1.0.0 || >=2.0.0;1.5.0;false",
        "<1.0.0 || >=2.0.0;2.0.0;true",
        ">= 1.0.0 < 1.2.0;1.1.0;true",
        "1.2.3;1.2.3;true",
        "!=1.2.3;1.2.3;false",
        ">1.2.3;1.2.3;false",
        "<=1.2.3;1.2.3;true",
        "1.2.x;1.2.9;true",
        "1.2.x;1.3.0;false",
        ">=1.x;1.0.0;true",
        "<2.x;1.99.0;true",
        "<2.x;2.0.0;false",
        ">=0.2.0 <0.4.0;0.3.1;true",
    })
    void containsAsBlangSemverDoes(String range, String version, boolean contained) {
        assertThat(SemverRange.parse(range).contains(Semver.parse(version))).isEqualTo(contained);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "  ", ">=1.0", "~1.2.3 ||", "latest", ">=1.0.0 ||| <2.0.0"})
    void malformedRangesAreRefused(String range) {
        assertThatThrownBy(() -> SemverRange.parse(range)).isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest
    @CsvSource({"1.0.0-alpha,1.0.0-alpha.1", "1.0.0-alpha.1,1.0.0-alpha.beta", "1.0.0-beta.2,1.0.0-beta.11",
        "1.0.0-rc.1,1.0.0", "1.9.0,1.10.0"})
    void versionsOrderAsSemverSays(String lower, String higher) {
        assertThat(Semver.parse(lower)).isLessThan(Semver.parse(higher));
    }
}
