package dev.bundlectl.plan.output;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.InstallPlanPhase;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepResource;
import dev.bundlectl.plan.model.StepStatus;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SecretRedactionTest {

    // sha256("hunter2") and sha256("s3cr3t"), computed independently (sha256sum).
    private static final String HUNTER2 = "<redacted sha256:f52fbd32b2b3b86ff88ef6c490628285f482af15ddcb29541f94bcf526a3f6c7>";
    private static final String S3CR3T = "<redacted sha256:4e738ca5563c06cfd0018299933d58db1dd8bf97f6973dc99bf6cdc64b5550bd>";
    private static final ObjectMapper JSON = new ObjectMapper();

    private static Step step(String group, String kind, String name, String manifest) {
        return new Step("demo.v1", new StepResource(group, "v1", kind, name, "demo", "demo", "b", manifest), false,
                StepStatus.UNKNOWN, null);
    }

    private static InstallPlan plan(Step... steps) {
        return new InstallPlan(new InstallPlan.Metadata("p", "demo", Map.of()),
                new InstallPlan.Spec("Manual", false, List.of("demo.v1")),
                new InstallPlan.Status(InstallPlanPhase.REQUIRES_APPROVAL, List.of(), List.of(steps), null, null,
                        "m", null));
    }

    private static JsonNode manifestOf(InstallPlan plan, int index) throws Exception {
        return JSON.readTree(plan.steps().get(index).resource().manifest());
    }

    @Test
    void secretDataIsHashedDecodedAndStringDataRaw() throws Exception {
        // "aHVudGVyMg==" is base64 for "hunter2".
        Step secret = step("", "Secret", "creds", "{\"apiVersion\":\"v1\",\"kind\":\"Secret\",\"metadata\":"
                + "{\"name\":\"creds\"},\"type\":\"Opaque\",\"data\":{\"password\":\"aHVudGVyMg==\"},"
                + "\"stringData\":{\"token\":\"s3cr3t\"}}");

        InstallPlan redacted = SecretRedaction.redact(plan(secret));

        assertThat(redacted.steps().get(0).resource().manifest()).isEqualTo(
                "{\"apiVersion\":\"v1\",\"kind\":\"Secret\",\"metadata\":{\"name\":\"creds\"},\"type\":\"Opaque\","
                        + "\"data\":{\"password\":\"" + HUNTER2 + "\"},\"stringData\":{\"token\":\"" + S3CR3T + "\"}}");
        assertThat(redacted.steps().get(0).resource().name()).isEqualTo("creds");
        assertThat(redacted.metadata()).isEqualTo(plan(secret).metadata());
    }

    @Test
    void markersVerifyTheOriginalValue() {
        assertThat(SecretRedaction.marker("hunter2".getBytes(StandardCharsets.UTF_8))).isEqualTo(HUNTER2);
        assertThat(SecretRedaction.isMarker(HUNTER2)).isTrue();
        assertThat(SecretRedaction.isMarker("<redacted sha256:abc>")).isFalse();
        assertThat(SecretRedaction.matches(HUNTER2, "hunter2".getBytes(StandardCharsets.UTF_8))).isTrue();
        assertThat(SecretRedaction.matches(HUNTER2, "hunter3".getBytes(StandardCharsets.UTF_8))).isFalse();
        assertThat(SecretRedaction.matches("hunter2", "hunter2".getBytes(StandardCharsets.UTF_8))).isFalse();
    }

    @Test
    void otherStepsAreLeftAloneAndAPlanWithoutSecretsIsReturnedAsIs() {
        String manifest = "{\"kind\":\"ConfigMap\",\"data\":{\"password\":\"visible\"}}";
        InstallPlan plan = plan(step("", "ConfigMap", "settings", manifest));

        assertThat(SecretRedaction.redact(plan)).isSameAs(plan);
    }

    @Test
    void secretsNestedInOtherObjectsAreRedacted() throws Exception {
        Step list = step("", "List", "items", "{\"kind\":\"List\",\"items\":[{\"kind\":\"ConfigMap\",\"data\":"
                + "{\"a\":\"b\"}},{\"kind\":\"Secret\",\"metadata\":{\"name\":\"inner\"},\"stringData\":"
                + "{\"token\":\"s3cr3t\"}}]}");

        InstallPlan redacted = SecretRedaction.redact(plan(list));

        JsonNode items = manifestOf(redacted, 0).path("items");
        assertThat(items.get(0).path("data").path("a").asText()).isEqualTo("b");
        assertThat(items.get(1).path("stringData").path("token").asText()).isEqualTo(S3CR3T);
    }

    @Test
    void secretKindsOfOtherGroupsAreRedactedToo() throws Exception {
        Step ack = step("secretsmanager.services.k8s.aws", "Secret", "aws",
                "{\"apiVersion\":\"secretsmanager.services.k8s.aws/v1alpha1\",\"kind\":\"Secret\","
                        + "\"stringData\":{\"token\":\"s3cr3t\"}}");

        assertThat(manifestOf(SecretRedaction.redact(plan(ack)), 0).path("stringData").path("token").asText())
                .isEqualTo(S3CR3T);
    }

    @Test
    void redactionIsIdempotentAndKeepsNulls() throws Exception {
        Step secret = step("", "Secret", "creds",
                "{\"kind\":\"Secret\",\"data\":{\"password\":\"aHVudGVyMg==\",\"empty\":null}}");

        InstallPlan once = SecretRedaction.redact(plan(secret));
        InstallPlan twice = SecretRedaction.redact(once);

        assertThat(twice).isSameAs(once);
        assertThat(manifestOf(once, 0).path("data").path("empty").isNull()).isTrue();
    }

    @Test
    void invalidBase64IsHashedAsText() throws Exception {
        Step secret = step("", "Secret", "creds", "{\"kind\":\"Secret\",\"data\":{\"password\":\"hunter2\"}}");

        assertThat(manifestOf(SecretRedaction.redact(plan(secret)), 0).path("data").path("password").asText())
                .isEqualTo(HUNTER2);
    }

    @Test
    void aSecretStepThatIsNotJsonIsHiddenWhole() {
        Step broken = step("", "Secret", "creds", "data: {password: hunter2}");

        String manifest = SecretRedaction.redact(plan(broken)).steps().get(0).resource().manifest();

        assertThat(SecretRedaction.isMarker(manifest)).isTrue();
        assertThat(manifest).doesNotContain("hunter2");
    }
}
