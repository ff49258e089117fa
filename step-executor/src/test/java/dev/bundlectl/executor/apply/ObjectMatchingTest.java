package dev.bundlectl.executor.apply;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.executor.testing.Manifests;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link SentObjectMatch} and {@link LiveFields}. */
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

    @Test
    void anUpdateKeepsTheServiceIpsAndTheServiceAccountSecrets() {
        ObjectNode live = Manifests.service("demo");
        ((ObjectNode) live.get("spec")).put("clusterIP", "10.0.0.1").putArray("clusterIPs").add("10.0.0.1");
        ObjectNode desired = Manifests.service("demo");

        LiveFields.carryOver("", "Service", desired, live);

        assertThat(desired.path("spec").path("clusterIP").asText()).isEqualTo("10.0.0.1");
        assertThat(desired.path("spec").path("clusterIPs")).hasSize(1);

        ObjectNode liveAccount = Manifests.serviceAccount("demo");
        liveAccount.putArray("imagePullSecrets").addObject().put("name", "demo-dockercfg-x");
        ObjectNode account = Manifests.serviceAccount("demo");
        LiveFields.carryOver("", "ServiceAccount", account, liveAccount);
        assertThat(account.path("imagePullSecrets").get(0).path("name").asText()).isEqualTo("demo-dockercfg-x");
    }

    @Test
    void fieldsTheManifestSetsAndOtherKindsAreLeftAlone() {
        ObjectNode live = Manifests.service("demo");
        ((ObjectNode) live.get("spec")).put("clusterIP", "10.0.0.1");
        ObjectNode desired = Manifests.service("demo");
        ((ObjectNode) desired.get("spec")).put("clusterIP", "None");

        LiveFields.carryOver("", "Service", desired, live);
        assertThat(desired.path("spec").path("clusterIP").asText()).isEqualTo("None");

        ObjectNode widget = Manifests.object("example.com/v1", "Service", "demo");
        LiveFields.carryOver("example.com", "Service", widget, live);
        assertThat(widget.has("spec")).isFalse();
    }
}
