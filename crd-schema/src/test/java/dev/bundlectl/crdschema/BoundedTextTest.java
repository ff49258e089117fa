package dev.bundlectl.crdschema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class BoundedTextTest {

    @Test
    void anOrdinaryMatchStaysWithinItsBudget() {
        assertThat(Pattern.compile("^[a-z]+-[0-9]+$").matcher(new BoundedText("cache-42", 1_000)).find()).isTrue();
    }

    @Test
    void catastrophicBacktrackingRunsOutOfBudgetInsteadOfHanging() {
        Pattern evil = Pattern.compile("^(.*a){20}$");
        String text = "a".repeat(28) + "!";

        assertThatThrownBy(() -> evil.matcher(new BoundedText(text, 1_000_000)).find())
                .isInstanceOf(BoundedText.BudgetExceeded.class);
    }

    @Test
    void subSequencesShareTheBudget() {
        BoundedText text = new BoundedText("abcdef", 3);
        CharSequence tail = text.subSequence(2, 6);
        tail.charAt(0);
        tail.charAt(1);
        text.charAt(0);

        assertThatThrownBy(() -> tail.charAt(2)).isInstanceOf(BoundedText.BudgetExceeded.class);
    }

    @Test
    void aSchemaWithACatastrophicPatternDoesNotHangValidation() throws Exception {
        ObjectMapper json = new ObjectMapper();
        SchemaValidator validator = SchemaValidator.of(json.readTree(
                "{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\",\"pattern\":\"^(.*a){20}$\"}}}"));

        // Treated as matching: the API server's linear engine would decide, and a false refusal is worse.
        assertThat(validator.messages(json.readTree("{\"name\":\"" + "a".repeat(28) + "!\"}"))).isEmpty();
        assertThat(validator.messages(json.readTree("{\"name\":\"b\"}"))).hasSize(1);
    }
}
