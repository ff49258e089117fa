package dev.bundlectl.executor.adopt;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** What of a CSV an adoption compares (docs/semantics.md §11). */
class CsvComparisonTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static final String BUNDLE = """
            {"apiVersion": "operators.coreos.com/v1alpha1", "kind": "ClusterServiceVersion",
             "metadata": {"name": "cachebox.v0.3.1"},
             "spec": {"version": "0.3.1", "replaces": "cachebox.v0.3.0",
                      "install": {"strategy": "deployment", "spec": {"deployments": [{"name": "cachebox",
                        "spec": {"replicas": 1, "template": {"spec": {"containers": [{"name": "m", "image": "x"}]}}}}]}}}}
            """;

    @Test
    void theZeroValuesOlmsGoTypesWriteAndTheResolversReplacesAreNoDifference() throws Exception {
        // As the olm-operator's Update through its Go types leaves it.
        String running = BUNDLE.replace("\"replaces\": \"cachebox.v0.3.0\",", "\"replaces\": \"cachebox.v0.2.9\","
                + " \"apiservicedefinitions\": {}, \"cleanup\": {\"enabled\": false},")
                .replace("\"replicas\": 1,", "\"replicas\": 1, \"strategy\": {},");

        assertThat(view(running)).isEqualTo(view(BUNDLE));
    }

    @Test
    void cleanupTurnedOnAndAnotherImageAreDifferences() throws Exception {
        assertThat(view(BUNDLE.replace("\"version\"", "\"cleanup\": {\"enabled\": true}, \"version\"")))
                .isNotEqualTo(view(BUNDLE));
        assertThat(view(BUNDLE.replace("\"image\": \"x\"", "\"image\": \"y\""))).isNotEqualTo(view(BUNDLE));
    }

    private static JsonNode view(String csv) throws Exception {
        return CsvComparison.view("cachebox.v0.3.1", JSON.readTree(csv));
    }
}
