package dev.bundlectl.bundle.yaml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each shared mapper keeps the output its users pin in golden files. */
class MappersTest {

    /** A map in insertion order, to see whether a mapper sorts keys. */
    private static Map<String, Object> unsorted() {
        Map<String, Object> value = new LinkedHashMap<>();
        value.put("zeta", "0123");
        value.put("alpha", "plain text");
        value.put("when", Instant.parse("2026-01-02T03:04:05Z"));
        value.put("nothing", null);
        return value;
    }

    @Test
    void plainJsonIsCompactInGivenOrder() throws Exception {
        ObjectNode node = Mappers.json().createObjectNode().put("b", 1).put("a", "x");
        assertThat(Mappers.json().writeValueAsString(node)).isEqualTo("{\"b\":1,\"a\":\"x\"}");
    }

    @Test
    void planYamlSortsKeysMinimisesQuotesAndQuotesNumberLikeStrings() throws Exception {
        Map<String, Object> value = unsorted();
        value.remove("when");
        assertThat(Mappers.planYaml().writeValueAsString(value))
                .isEqualTo("---\nalpha: plain text\nnothing: null\nzeta: \"0123\"\n");
    }

    @Test
    void planJsonIsIndentedWithSortedKeysAndRefusesDuplicateKeys() throws Exception {
        Map<String, Object> value = unsorted();
        value.remove("when");
        assertThat(Mappers.planJson().writeValueAsString(value))
                .isEqualTo("{\n  \"alpha\" : \"plain text\",\n  \"nothing\" : null,\n  \"zeta\" : \"0123\"\n}");
        assertThatThrownBy(() -> Mappers.planJson().readTree("{\"a\": 1, \"a\": 2}"))
                .hasMessageContaining("Duplicate field 'a'");
    }

    @Test
    void recordJsonWritesTimesAsTextAndLeavesNullsOut() throws Exception {
        assertThat(Mappers.recordJson().writeValueAsString(unsorted()))
                .isEqualTo("{\"zeta\":\"0123\",\"alpha\":\"plain text\",\"when\":\"2026-01-02T03:04:05Z\"}");
    }

    @Test
    void reportsAreIndentedWithTimesAndDurationsAsText() throws Exception {
        Map<String, Object> value = new LinkedHashMap<>();
        value.put("when", Instant.parse("2026-01-02T03:04:05Z"));
        value.put("took", Duration.ofSeconds(90));
        assertThat(Mappers.reportJson().writeValueAsString(value))
                .isEqualTo("{\n  \"when\" : \"2026-01-02T03:04:05Z\",\n  \"took\" : \"PT1M30S\"\n}");
        assertThat(Mappers.reportYaml().writeValueAsString(value))
                .isEqualTo("---\nwhen: \"2026-01-02T03:04:05Z\"\ntook: \"PT1M30S\"\n");
    }
}
