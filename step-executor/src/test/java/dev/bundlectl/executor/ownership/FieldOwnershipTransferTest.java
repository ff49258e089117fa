package dev.bundlectl.executor.ownership;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which managed-fields entries a transfer moves to the install's manager, and how. */
class FieldOwnershipTransferTest {

    private static final String ME = "bundlectl/ops/cachebox-operator";

    @Test
    void anUpdateEntryOfAManagerThatIsNoInstallsBecomesTheInstallsApplyEntry() {
        ArrayNode fields = JsonNodeFactory.instance.arrayNode();
        fields.add(entry("catalog", "Update", null, "f:data"));
        fields.add(entry("catalog", "Update", "status", "f:status"));
        fields.add(entry("kubectl-edit", "Update", null, "f:metadata"));

        ArrayNode moved = FieldOwnershipTransfer.moved(fields, List.of("catalog"), ME);

        assertThat(moved).hasSize(3);
        JsonNode mine = moved.get(2);
        assertThat(mine.path("manager").asText()).isEqualTo(ME);
        assertThat(mine.path("operation").asText()).isEqualTo("Apply");
        assertThat(mine.path("fieldsV1").has("f:data")).isTrue();
        assertThat(moved.get(0).path("subresource").asText()).as("a subresource's fields stay").isEqualTo("status");
        assertThat(moved.get(1).path("manager").asText()).isEqualTo("kubectl-edit");
    }

    @Test
    void anInstallsOwnUpdatesStayAndOnlyItsAppliesMove() {
        ArrayNode fields = JsonNodeFactory.instance.arrayNode();
        fields.add(entry("bundlectl/other/pkg", "Update", null, "f:metadata"));
        fields.add(entry("bundlectl/other/pkg", "Apply", null, "f:data"));

        ArrayNode moved = FieldOwnershipTransfer.moved(fields, List.of("bundlectl/other/pkg"), ME);

        assertThat(moved).hasSize(2);
        assertThat(moved.get(0).path("operation").asText()).isEqualTo("Update");
        assertThat(moved.get(1).path("manager").asText()).isEqualTo(ME);
    }

    private static ObjectNode entry(String manager, String operation, String subresource, String field) {
        ObjectNode entry = JsonNodeFactory.instance.objectNode().put("manager", manager).put("operation", operation)
                .put("apiVersion", "v1").put("fieldsType", "FieldsV1");
        if (subresource != null) {
            entry.put("subresource", subresource);
        }
        entry.putObject("fieldsV1").putObject(field);
        return entry;
    }
}
