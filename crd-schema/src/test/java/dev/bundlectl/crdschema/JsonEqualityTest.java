package dev.bundlectl.crdschema;

import static dev.bundlectl.crdschema.SchemaValidatorTest.json;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class JsonEqualityTest {

    @Test
    void numbersCompareByValueAtAnyDepth() {
        assertThat(JsonEquality.equal(json("{\"a\":[9,{\"b\":1.50}]}"), json("{\"a\":[9.0,{\"b\":1.5}]}"))).isTrue();
    }

    @Test
    void keyOrderDoesNotMatterButContentDoes() {
        assertThat(JsonEquality.equal(json("{\"a\":1,\"b\":2}"), json("{\"b\":2,\"a\":1}"))).isTrue();
        assertThat(JsonEquality.equal(json("{\"a\":1}"), json("{\"a\":1,\"b\":2}"))).isFalse();
        assertThat(JsonEquality.equal(json("[1,2]"), json("[2,1]"))).isFalse();
        assertThat(JsonEquality.equal(json("\"1\""), json("1"))).isFalse();
        assertThat(JsonEquality.equal(json("null"), json("null"))).isTrue();
    }
}
