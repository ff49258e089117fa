package dev.bundlectl.bundle.yaml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
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
        "{\"first\":1,\"dup\":1,\"last\":3,\"dup\":2}",
        "[0,-0,2147483647,2147483648,-2147483648,-2147483649,9223372036854775807,9223372036854775808,-9223372036854775809]",
        "[0.0,-0.0,1e5,1E-5,1.5e+3,123456789.123456789,4.9e-324,1.7976931348623157e308,1e400,0.1]",
        "[\"\\\"\\\\\\/\\b\\f\\n\\r\\t\",\"\\u0041\\u00e9\\ud83d\\ude00\",\"plain é ✓ 😀\"]",
        "\n\t\r [ true , false , null , { } , [ ] ] trailing text is not read",
        "{\"a\":{\"b\":{\"c\":[[[\"deep\"]]]}}}",
    };

    @Test
    void readsTheTreesTheMapperReads() throws IOException {
        for (String text : TEXTS) {
            JsonNode mine = JsonTrees.read(text);
            JsonNode theirs = MAPPER.readTree(text);
            assertThat(mine).as(text).isEqualTo(theirs);
            assertThat(JsonTrees.compact(mine)).as(text).isEqualTo(MAPPER.writeValueAsString(theirs));
        }
        assertThat(JsonTrees.read("").isMissingNode()).isEqualTo(MAPPER.readTree("").isMissingNode()).isTrue();
        assertThat(JsonTrees.read("  ").isMissingNode()).isTrue();
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
    void malformedJsonIsAnIoExceptionForBothReaders() {
        String[] malformed = {"{\"a\":", "{a}", "[1,]", "[1 2]", "{\"a\" 1}", "01", "[01]", "-", "1.", "1e", "[.5]",
            "\"unclosed", "\"bad \\x escape\"", "\"\\u12\"", "tru", "nul", "[truex]", "[NaN]", "{'a':1}",
            "\"tab\there\"", "[1,2"};
        for (String text : malformed) {
            assertThatThrownBy(() -> JsonTrees.read(text)).as(text).isInstanceOf(IOException.class);
            assertThatThrownBy(() -> MAPPER.readTree(text)).as("Jackson: %s", text).isInstanceOf(IOException.class);
        }
    }

    @Test
    void nestingIsBounded() throws IOException {
        String deep = "[".repeat(300) + "]".repeat(300);
        assertThatThrownBy(() -> JsonTrees.read(deep)).isInstanceOf(IOException.class).hasMessageContaining("nest deeper");
        assertThat(JsonTrees.read("[".repeat(200) + "]".repeat(200)).isArray()).isTrue();
    }
}
