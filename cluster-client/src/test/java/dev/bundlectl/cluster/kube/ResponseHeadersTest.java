package dev.bundlectl.cluster.kube;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link ResponseHeaders}: the API server's {@code Warning} and {@code Date} headers. */
class ResponseHeadersTest {

    @Test
    void aWarningsTextIsTakenFromItsQuotesWithEscapesUndone() {
        assertThat(ResponseHeaders.warnings(List.of(
                "299 - \"policy/v1beta1 PodDisruptionBudget is deprecated in v1.21+, unavailable in v1.25+\"",
                "299 - \"a \\\"quoted\\\" word\" \"Mon, 23 Nov 2026 10:00:00 GMT\"")))
                .containsExactly("policy/v1beta1 PodDisruptionBudget is deprecated in v1.21+, unavailable in v1.25+",
                        "a \"quoted\" word");
    }

    @Test
    void repeatedWarningsAreShownOnceAndAMalformedOneIsKeptWhole() {
        assertThat(ResponseHeaders.warnings(List.of("299 - \"same\"", "299 - \"same\"", "  not a warning header ")))
                .containsExactly("same", "not a warning header");
        assertThat(ResponseHeaders.warnings(null)).isEmpty();
    }

    @Test
    void anHttpDateIsReadAndAnythingElseIsNot() {
        assertThat(ResponseHeaders.httpDate("Tue, 24 Nov 2026 05:28:13 GMT"))
                .contains(Instant.parse("2026-11-24T05:28:13Z"));
        assertThat(ResponseHeaders.httpDate("120")).isEmpty();
        assertThat(ResponseHeaders.httpDate(null)).isEmpty();
    }
}
