package dev.bundlectl.bundle.version;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class SemanticVersionTest {

    @Test
    void ordersBySemverPrecedence() {
        List<String> ascending = List.of("1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta",
                "1.0.0-beta.2", "1.0.0-beta.11", "1.0.0-rc.1", "1.0.0", "1.0.1", "1.2.0", "1.10.0", "2.0.0",
                "18446744073709551616.0.0");
        for (int i = 0; i + 1 < ascending.size(); i++) {
            SemanticVersion lower = SemanticVersion.parse(ascending.get(i)).orElseThrow();
            SemanticVersion higher = SemanticVersion.parse(ascending.get(i + 1)).orElseThrow();
            assertThat(lower).as(lower + " < " + higher).isLessThan(higher);
            assertThat(higher).as(higher + " > " + lower).isGreaterThan(lower);
        }
    }

    @Test
    void ignoresBuildMetadata() {
        assertThat(SemanticVersion.parse("1.0.0+a").orElseThrow()
                .samePrecedence(SemanticVersion.parse("1.0.0+b").orElseThrow())).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"1", "1.0", "01.0.0", "1.0.0-", "1.0.0-01", "v1.0.0", "1.0.0.0", "a.b.c", "1.0.0+"})
    void rejectsWhatIsNotAVersion(String text) {
        assertThat(SemanticVersion.parse(text)).isEmpty();
    }

    @ParameterizedTest
    @CsvSource({"v1.2.3,1.2.3", "' 1.2.3 ',1.2.3", "V0.4.0-rc.1,0.4.0-rc.1"})
    void aTolerantParseAcceptsALeadingVAndSpaces(String text, String version) {
        assertThat(SemanticVersion.parseTolerant(text).orElseThrow()).hasToString(version);
        assertThat(SemanticVersion.parse(text)).isEmpty();
    }
}
