package dev.bundlectl.executor.diff;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ObjectNormalisationTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    static ObjectNode object(String json) {
        try {
            return (ObjectNode) JSON.readTree(json.replace('\'', '"'));
        } catch (Exception e) {
            throw new IllegalArgumentException(e);
        }
    }

    @Test
    void leavesOutWhatTheServerWritesOnEveryChangeAndStatus() {
        ObjectNode live = object("""
                {'apiVersion': 'apps/v1', 'kind': 'Deployment',
                 'metadata': {'name': 'op', 'namespace': 'ops', 'uid': 'u-1', 'resourceVersion': '42',
                   'generation': 3, 'creationTimestamp': '2026-01-01T00:00:00Z', 'selfLink': '/x',
                   'managedFields': [{'manager': 'bundlectl'}], 'labels': {'app': 'op'},
                   'annotations': {'deployment.kubernetes.io/revision': '2'}},
                 'spec': {'replicas': 1},
                 'status': {'availableReplicas': 1}}""");

        ObjectNode normalised = ObjectNormalisation.normalised(live);

        assertThat(normalised).isEqualTo(object("""
                {'apiVersion': 'apps/v1', 'kind': 'Deployment',
                 'metadata': {'name': 'op', 'namespace': 'ops', 'labels': {'app': 'op'},
                   'annotations': {'deployment.kubernetes.io/revision': '2'}},
                 'spec': {'replicas': 1}}"""));
        assertThat(live.path("metadata").has("managedFields")).as("the given object is not changed").isTrue();
        assertThat(live.has("status")).isTrue();
    }

    @Test
    void sortsTheKeysOfEveryMappingAtEveryDepthAndKeepsListOrder() {
        ObjectNode object = object("""
                {'spec': {'b': 1, 'a': [{'z': 1, 'y': 2}, {'x': 3}]}, 'kind': 'K', 'apiVersion': 'v1'}""");

        ObjectNode normalised = ObjectNormalisation.normalised(object);

        assertThat(names(normalised)).containsExactly("apiVersion", "kind", "spec");
        assertThat(names(normalised.get("spec"))).containsExactly("a", "b");
        assertThat(names(normalised.get("spec").get("a").get(0))).containsExactly("y", "z");
        assertThat(normalised.get("spec").get("a").get(1).get("x").asInt()).isEqualTo(3);
    }

    private static List<String> names(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
