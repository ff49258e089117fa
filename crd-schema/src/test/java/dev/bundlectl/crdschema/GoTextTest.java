package dev.bundlectl.crdschema;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class GoTextTest {

    @Test
    void quotesLikeStrconvQuote() {
        assertThat(GoText.quote("plain")).isEqualTo("\"plain\"");
        assertThat(GoText.quote("a\"b\\c\nd\te\u0001")).isEqualTo("\"a\\\"b\\\\c\\nd\\te\\x01\"");
        assertThat(GoText.quote("grüße")).isEqualTo("\"grüße\"");
    }

    @Test
    void printsFloatsLikeGoPercentV() {
        assertThat(GoText.decimal(new BigDecimal("9"))).isEqualTo("9");
        assertThat(GoText.decimal(new BigDecimal("123456"))).isEqualTo("123456");
        assertThat(GoText.decimal(new BigDecimal("1000000"))).isEqualTo("1e+06");
        assertThat(GoText.decimal(new BigDecimal("1234567"))).isEqualTo("1.234567e+06");
        assertThat(GoText.decimal(new BigDecimal("0.0001"))).isEqualTo("0.0001");
        assertThat(GoText.decimal(new BigDecimal("0.00001"))).isEqualTo("1e-05");
        assertThat(GoText.decimal(new BigDecimal("-2.5"))).isEqualTo("-2.5");
        assertThat(GoText.decimal(new BigDecimal("-1.5e30"))).isEqualTo("-1.5e+30");
        assertThat(GoText.decimal(BigDecimal.ZERO)).isEqualTo("0");
    }

    @Test
    void printsObjectValuesByKind() {
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        assertThat(GoText.value(nodes.numberNode(12))).isEqualTo("12");
        assertThat(GoText.value(nodes.numberNode(1.5))).isEqualTo("1.5");
        assertThat(GoText.value(nodes.textNode("x"))).isEqualTo("\"x\"");
        assertThat(GoText.value(nodes.booleanNode(true))).isEqualTo("true");
        assertThat(GoText.value(nodes.nullNode())).isEqualTo("null");
        assertThat(GoText.value(nodes.objectNode().put("a", 1))).isEqualTo("{\"a\":1}");
    }
}
