package dev.bundlectl.executor.diff;

import static dev.bundlectl.executor.diff.ObjectNormalisationTest.object;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

class SecretValuesTest {

    private static final DiffSubject SECRET = new DiffSubject("", "v1", "Secret", "ops", "license");
    private static final DiffSubject CONFIG_MAP = new DiffSubject("", "v1", "ConfigMap", "ops", "defaults");

    @Test
    void anUnchangedValueIsTheSameMarkerOnBothSidesAndAChangedOneSaysSo() {
        ObjectNode live = object("""
                {'kind': 'Secret', 'data': {'same': 'c2FtZQ==', 'changed': 'b2xk', 'gone': 'Z29uZQ=='}}""");
        ObjectNode planned = object("""
                {'kind': 'Secret', 'data': {'same': 'c2FtZQ==', 'changed': 'bmV3', 'added': 'YWRkZWQ='}}""");

        ObjectNode[] sides = SecretValues.redactedPair(SECRET, live, planned);

        assertThat(sides[0]).isEqualTo(object("""
                {'kind': 'Secret', 'data': {'same': '(redacted)', 'changed': '(redacted)', 'gone': '(redacted)'}}"""));
        assertThat(sides[1]).isEqualTo(object("""
                {'kind': 'Secret', 'data': {'same': '(redacted)', 'changed': '(redacted; changed)',
                 'added': '(redacted)'}}"""));
    }

    @Test
    void stringDataAndKubectlsLastAppliedCopyAreRedactedToo() {
        ObjectNode live = withLastApplied(object("{'kind': 'Secret', 'stringData': {'k': 'old'}}"),
                "{\"stringData\":{\"k\":\"old\"}}");
        ObjectNode planned = withLastApplied(object("{'kind': 'Secret', 'stringData': {'k': 'new'}}"),
                "{\"stringData\":{\"k\":\"new\"}}");

        ObjectNode[] sides = SecretValues.redactedPair(SECRET, live, planned);

        assertThat(sides[0].toString()).doesNotContain("old");
        assertThat(sides[1].toString()).doesNotContain("new");
        assertThat(sides[1].at("/metadata/annotations/kubectl.kubernetes.io~1last-applied-configuration").asText())
                .isEqualTo(SecretValues.CHANGED);
        assertThat(sides[1].at("/stringData/k").asText()).isEqualTo(SecretValues.CHANGED);
        assertThat(sides[1].at("/metadata/annotations/team").asText()).as("other annotations stay").isEqualTo("a");
    }

    private static ObjectNode withLastApplied(ObjectNode secret, String lastApplied) {
        secret.putObject("metadata").putObject("annotations").put("team", "a")
                .put("kubectl.kubernetes.io/last-applied-configuration", lastApplied);
        return secret;
    }

    @Test
    void aWholeSecretHasEveryValueRedactedAndOtherKindsAreLeftAlone() {
        ObjectNode secret = SecretValues.redacted(SECRET, object("""
                {'kind': 'Secret', 'data': {'a': 'YQ=='}, 'stringData': {'b': 'bee'}, 'type': 'Opaque'}"""));
        ObjectNode configMap = SecretValues.redacted(CONFIG_MAP, object("{'kind': 'ConfigMap', 'data': {'a': 'x'}}"));

        assertThat(secret).isEqualTo(object("""
                {'kind': 'Secret', 'data': {'a': '(redacted)'}, 'stringData': {'b': '(redacted)'}, 'type': 'Opaque'}"""));
        assertThat(configMap).isEqualTo(object("{'kind': 'ConfigMap', 'data': {'a': 'x'}}"));
    }
}
