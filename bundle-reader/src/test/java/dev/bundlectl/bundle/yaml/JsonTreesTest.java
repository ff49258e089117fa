package dev.bundlectl.bundle.yaml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** JsonTrees against the mapper it stands in for: same trees, same text. */
class JsonTreesTest {

    private static final ObjectMapper MAPPER = Mappers.json();
    private static final String[] TEXTS = {
        "{\"a\":1,\"b\":[true,false,null],\"c\":{\"d\":\"e\\\"\\n\\u00e9\"},\"f\":1.5,\"g\":-0.0,\"h\":12345678901,"
                + "\"i\":123456789012345678901234567890,\"j\":1e300,\"k\":[],\"l\":{},\"m\":\"</script>\"}",
        "[1,2,3]",
        "\"just text\"",
        "{\"z\":1,\"a\":2,\"z2\":{\"y\":[{\"x\":null}]}}",
        "  {\"dup\":1,\"dup\":2}  ",
    };

    @Test
    void readsTheTreesTheMapperReads() throws IOException {
        for (String text : TEXTS) {
            JsonNode mine = JsonTrees.read(text);
            JsonNode theirs = MAPPER.readTree(text);
            assertThat(mine).as(text).isEqualTo(theirs);
            assertThat(JsonTrees.read(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)))).isEqualTo(theirs);
        }
        assertThat(JsonTrees.read("").isMissingNode()).isEqualTo(MAPPER.readTree("").isMissingNode()).isTrue();
    }

    @Test
    void writesTheTextTheMapperWrites() throws IOException {
        for (String text : TEXTS) {
            JsonNode tree = MAPPER.readTree(text);
            assertThat(JsonTrees.compact(tree)).as(text).isEqualTo(MAPPER.writeValueAsString(tree));
        }
    }

    @Test
    void writesEveryNumberNodeAsTheMapperDoes() throws IOException {
        com.fasterxml.jackson.databind.node.ArrayNode numbers = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance
                .arrayNode().add(1).add(1L << 40).add(java.math.BigInteger.TEN.pow(30)).add(1.5f).add(2.25)
                .add(new java.math.BigDecimal("1.10")).add((short) 3).add(Double.NaN);
        assertThat(JsonTrees.compact(numbers)).isEqualTo(MAPPER.writeValueAsString(numbers));
    }

    @Test
    void malformedJsonIsAnIoException() {
        assertThatThrownBy(() -> JsonTrees.read("{\"a\":")).isInstanceOf(IOException.class);
        assertThatThrownBy(() -> JsonTrees.read("{a}")).isInstanceOf(IOException.class);
    }
}
