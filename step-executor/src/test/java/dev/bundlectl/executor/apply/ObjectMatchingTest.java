package dev.bundlectl.executor.apply;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.executor.testing.Manifests;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link SentObjectMatch}. */
class ObjectMatchingTest {

    @Test
    void aLiveObjectWithServerDefaultsStillMatchesWhatWasSent() {
        ObjectNode sent = Manifests.service("demo");
        Manifests.annotate(sent, "team", "a");
        ObjectNode live = sent.deepCopy();
        live.withObject("/metadata").put("resourceVersion", "7").put("uid", "x");
        ((ObjectNode) live.get("spec")).put("clusterIP", "10.0.0.1").put("type", "ClusterIP");
        ((ObjectNode) live.get("spec").get("ports").get(0)).put("protocol", "TCP");

        assertThat(SentObjectMatch.matches(sent, live)).isTrue();
    }

    @Test
    void aDifferentValueOrAMissingAnnotationDoesNotMatch() {
        ObjectNode sent = Manifests.configMap("settings", Map.of("level", "high"));
        assertThat(SentObjectMatch.matches(sent, Manifests.configMap("settings", Map.of("level", "low")))).isFalse();

        Manifests.annotate(sent, "team", "a");
        assertThat(SentObjectMatch.matches(sent, Manifests.configMap("settings", Map.of("level", "high")))).isFalse();
    }
}
