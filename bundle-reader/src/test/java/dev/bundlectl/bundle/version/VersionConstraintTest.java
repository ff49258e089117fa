package dev.bundlectl.bundle.version;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * OLM v1's version ranges (Masterminds/semver v3), checked against the cases its documentation and
 * comments give, written out here as the versions each range takes and refuses.
 */
class VersionConstraintTest {

    @ParameterizedTest(name = "{0} takes {1}: {2}")
    @CsvSource(delimiter = ';', value = {
        // Comparisons, AND by comma or space, OR by ||.
        ">=0.3.0 <0.4.0        ; 0.3.0       ; true",
        ">=0.3.0 <0.4.0        ; 0.3.2       ; true",
        ">=0.3.0 <0.4.0        ; 0.4.0       ; false",
        ">=0.3.0, <0.4.0       ; 0.2.9       ; false",
        ">= 1.2, < 3.0.0 || >= 4.2.3 ; 2.9.0 ; true",
        ">= 1.2, < 3.0.0 || >= 4.2.3 ; 3.5.0 ; false",
        ">= 1.2, < 3.0.0 || >= 4.2.3 ; 4.2.3 ; true",
        "1.2.3                 ; 1.2.3       ; true",
        "=1.2.3                ; 1.2.4       ; false",
        "!=1.2.3               ; 1.2.4       ; true",
        "v1.2.3                ; 1.2.3       ; true",
        // Wildcards and left-out parts.
        "1.2.x                 ; 1.2.9       ; true",
        "1.2.x                 ; 1.3.0       ; false",
        "1.2                   ; 1.2.5       ; true",
        "1                     ; 1.9.0       ; true",
        "1                     ; 2.0.0       ; false",
        "*                     ; 0.0.1       ; true",
        ">= 1.2.x              ; 1.2.0       ; true",
        ">1.2                  ; 1.2.9       ; false",
        ">1.2                  ; 1.3.0       ; true",
        ">1                    ; 1.9.0       ; false",
        ">1                    ; 2.0.0       ; true",
        "<= 2.x                ; 2.9.9       ; true",
        "<= 2.x                ; 3.0.0       ; false",
        "<=1.2                 ; 1.2.7       ; true",
        "<=1.2                 ; 1.3.0       ; false",
        "<1.2                  ; 1.1.9       ; true",
        "<1.2                  ; 1.2.0       ; false",
        "!=1.2.x               ; 1.2.4       ; false",
        "!=1.2.x               ; 1.3.0       ; true",
        // Tilde.
        "~1.2.3                ; 1.2.9       ; true",
        "~1.2.3                ; 1.3.0       ; false",
        "~1.2.3                ; 1.2.2       ; false",
        "~1                    ; 1.9.0       ; true",
        "~1                    ; 2.0.0       ; false",
        "~2.0                  ; 2.0.7       ; true",
        "~2.0                  ; 2.1.0       ; false",
        "~>1.2                 ; 1.2.4       ; true",
        // Caret.
        "^1.2.3                ; 1.9.0       ; true",
        "^1.2.3                ; 2.0.0       ; false",
        "^1.2.3                ; 1.2.2       ; false",
        "^1.2                  ; 1.2.0       ; true",
        "^0.2.3                ; 0.2.9       ; true",
        "^0.2.3                ; 0.3.0       ; false",
        "^0.0.3                ; 0.0.3       ; true",
        "^0.0.3                ; 0.0.4       ; false",
        "^0.0                  ; 0.0.9       ; true",
        "^0.0                  ; 0.1.0       ; false",
        "^0                    ; 0.9.0       ; true",
        "^0                    ; 1.0.0       ; false",
        // Hyphen ranges.
        "1.2 - 1.4.5           ; 1.4.5       ; true",
        "1.2 - 1.4.5           ; 1.4.6       ; false",
        "1.2 - 1.4.5           ; 1.1.9       ; false",
        // Pre-releases only where the range names one.
        ">=1.0.0               ; 1.1.0-rc.1  ; false",
        ">=1.1.0-0             ; 1.1.0-rc.1  ; true",
    })
    void takesWhatOlmV1Takes(String range, String version, boolean taken) {
        assertThat(VersionConstraint.parse(range).contains(SemanticVersion.parse(version).orElseThrow()))
                .as(range + " takes " + version).isEqualTo(taken);
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "''; an empty version range",
        ">=1.2.3 ||; an empty alternative",
        ">=one; \">=one\" is not a comparison with a version",
        "1.2.3.4; \"1.2.3.4\" is not a comparison",
    })
    void aRangeItCannotReadIsNamedInOneLine(String range, String message) {
        assertThatThrownBy(() -> VersionConstraint.parse(range)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(message).message().doesNotContain("\n");
    }
}
