package dev.bundlectl.plan.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.bundle.Diagnostic;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Configurations read as {@code --config} reads them: a SubscriptionConfig or a whole
 * Subscription, YAML or JSON, and each kind of bad one refused offline with the file and the field
 * named, in the API server's words (docs/operator-config.md).
 */
class OperatorConfigReaderTest {

    @TempDir
    Path dir;

    @Test
    void aSubscriptionConfigIsReadWithItsFieldsInOlmsOrder() throws IOException {
        ConfigRead read = OperatorConfigReader.read(file("config.yaml", """
                annotations: {owner: platform}
                nodeSelector: {node-role.kubernetes.io/infra: ""}
                tolerations:
                - {key: node-role.kubernetes.io/infra, operator: Exists, effect: NoSchedule}
                resources:
                  limits: {memory: 512Mi}
                env: []
                """));

        OperatorConfig config = ((ConfigRead.Read) read).config();
        assertThat(config.summary()).isEqualTo("nodeSelector (1), tolerations (1), resources, annotations (1)");
        assertThat(config.toJson().has("env")).as("an empty list changes nothing").isFalse();
        assertThat(((ConfigRead.Read) read).location()).isEqualTo(ConfigLocation.file(dir.resolve("config.yaml").toString()));
    }

    @Test
    void aWholeSubscriptionGivesItsSpecConfig() throws IOException {
        ConfigRead read = OperatorConfigReader.read(file("sub.json", """
                {"apiVersion": "operators.coreos.com/v1alpha1", "kind": "Subscription",
                 "metadata": {"name": "cachebox", "namespace": "ops"},
                 "spec": {"name": "cachebox-operator", "source": "catalog", "sourceNamespace": "olm",
                          "config": {"env": [{"name": "LOG_LEVEL", "value": "debug"}]}}}
                """));

        ConfigRead.Read config = (ConfigRead.Read) read;
        assertThat(config.config().env()).hasSize(1);
        assertThat(config.location().object()).isEqualTo("Subscription/cachebox");
        assertThat(config.location().field("env[0].name")).isEqualTo("spec.config.env[0].name");
    }

    @Test
    void aSubscriptionWithoutConfigGivesNoneAndSaysSo() throws IOException {
        ConfigRead read = OperatorConfigReader.read(file("sub.yaml", """
                apiVersion: operators.coreos.com/v1alpha1
                kind: Subscription
                metadata: {name: plain}
                spec: {name: p, source: c, sourceNamespace: olm}
                """));

        assertThat(((ConfigRead.Read) read).config().isEmpty()).isTrue();
        assertThat(read.diagnostics().warnings()).singleElement().asString().contains("has no spec.config");
    }

    /** Each kind of bad configuration, the field it names and the words it is refused with. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '~', textBlock = """
            a field SubscriptionConfig lacks | nodeSelectors: {a: b} | nodeSelectors | Unknown field: OLM's SubscriptionConfig has no such field, and nothing is dropped
            a field a toleration lacks | tolerations: [{key: a, operatr: Exists}] | tolerations[0].operatr | Unknown field
            a value of the wrong type | env: [{name: PORT, value: 8080}] | env[0].value | must be of type string
            a toleration operator | tolerations: [{key: a, operator: Sometimes}] | tolerations[0].operator | Unsupported value: "Sometimes": supported values: "Equal", "Exists"
            a toleration effect | tolerations: [{key: a, operator: Exists, effect: NoRun}] | tolerations[0].effect | Unsupported value: "NoRun": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"
            tolerationSeconds without NoExecute | tolerations: [{key: a, operator: Exists, effect: NoSchedule, tolerationSeconds: 5}] | tolerations[0].effect | effect must be 'NoExecute' when `tolerationSeconds` is set
            a quantity | resources: {limits: {memory: lots}} | resources.limits.memory | Invalid value: "lots"
            a request above its limit | resources: {requests: {memory: 2Gi}, limits: {memory: 1Gi}} | resources.requests[memory] | must be less than or equal to memory limit of 1Gi
            a resource that is not a container's | resources: {limits: {memroy: 1Gi}} | resources.limits[memroy] | must be a standard resource for containers
            an env var name | env: [{name: HTTP=PROXY, value: x}] | env[0].name | a valid environment variable name must consist only of printable ASCII characters other than '='
            an env var with two sources | env: [{name: A, value: x, valueFrom: {fieldRef: {fieldPath: metadata.name}}}] | env[0].valueFrom | may not be specified when `value` is not empty
            an envFrom without a source | envFrom: [{prefix: X_}] | envFrom[0] | must specify one of: `configMapRef` or `secretRef`
            a volume name | volumes: [{name: CA_Bundle, configMap: {name: ca}}] | volumes[0].name | a lowercase RFC 1123 label
            a volume without a source | volumes: [{name: ca}] | volumes[0] | Required value: must specify a volume type
            a volume with two sources | volumes: [{name: ca, configMap: {name: ca}, emptyDir: {}}] | volumes[0].configMap | may not specify more than 1 volume type
            a ConfigMap volume without its name | volumes: [{name: ca, configMap: {}}] | volumes[0].configMap.name | Required value
            a mount without a path | volumeMounts: [{name: ca}] | volumeMounts[0].mountPath | Required value
            an annotation key | annotations: {"bad key": x} | annotations | Invalid value: "bad key"
            a node selector key | nodeSelector: {"-role": infra} | nodeSelector | Invalid value: "-role"
            an affinity weight | affinity: {podAntiAffinity: {preferredDuringSchedulingIgnoredDuringExecution: [{weight: 0, podAffinityTerm: {topologyKey: zone}}]}} | affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight | must be in the range 1-100
            a label selector operator | selector: {matchExpressions: [{key: app, operator: Is, values: [x]}]} | selector.matchExpressions[0].operator | not a valid selector operator
            """)
    void aBadConfigIsRefusedNamingTheFileAndTheField(String kind, String yaml, String field, String words)
            throws IOException {
        ConfigRead read = OperatorConfigReader.read(file("bad.yaml", yaml));

        assertThat(read).as(kind).isInstanceOf(ConfigRead.Refused.class);
        List<Diagnostic> errors = read.diagnostics().errors();
        assertThat(errors).as(kind).isNotEmpty();
        Diagnostic first = errors.get(0);
        assertThat(first.location().file()).isEqualTo(dir.resolve("bad.yaml").toString());
        assertThat(first.field()).as(kind).isEqualTo(field);
        assertThat(first.message()).as(kind).contains(words);
    }

    @Test
    void aSubscriptionsFieldsAreNamedFromItsRoot() throws IOException {
        ConfigRead read = OperatorConfigReader.read(file("sub.yaml", """
                apiVersion: operators.coreos.com/v1alpha1
                kind: Subscription
                metadata: {name: s}
                spec:
                  config:
                    tolerations: [{operator: Equal, value: x}]
                """));

        Diagnostic error = read.diagnostics().errors().get(0);
        assertThat(error.object()).isEqualTo("Subscription/s");
        assertThat(error.field()).isEqualTo("spec.config.tolerations[0].operator");
        assertThat(error.toString()).startsWith("error: " + dir.resolve("sub.yaml") + ": Subscription/s: field "
                + "spec.config.tolerations[0].operator: Invalid value: \"Equal\": operator must be Exists when `key` "
                + "is empty");
    }

    @Test
    void aSelectorIsTakenAsOlmTakesItAndSaidToChangeNothing() throws IOException {
        ConfigRead read = OperatorConfigReader.read(file("selector.yaml", "selector: {matchLabels: {app: x}}\n"));

        assertThat(((ConfigRead.Read) read).config().selector()).isNotNull();
        assertThat(read.diagnostics().warnings()).singleElement().asString()
                .contains("field selector: OLM takes a SubscriptionConfig's selector but never applies it");
    }

    @Test
    void anotherKindIsRefused() throws IOException {
        ConfigRead read = OperatorConfigReader.read(file("dep.yaml", "apiVersion: apps/v1\nkind: Deployment\n"));

        assertThat(read.diagnostics().errors()).singleElement().asString()
                .contains("field kind: expected a SubscriptionConfig (no apiVersion or kind) or a Subscription "
                        + "(operators.coreos.com/v1alpha1), not apps/v1 Deployment");
    }

    @Test
    void aFileThatIsNotYamlOrIsMissingIsRefusedNamingIt() throws IOException {
        assertThat(OperatorConfigReader.read(file("dup.yaml", "env: []\nenv: []\n")).diagnostics().errors())
                .singleElement().asString().contains("dup.yaml").contains("env");
        assertThat(OperatorConfigReader.read(dir.resolve("missing.yaml")).diagnostics().errors())
                .singleElement().asString().contains("missing.yaml").contains("no such file");
    }

    private Path file(String name, String content) throws IOException {
        return Files.writeString(dir.resolve(name), content);
    }
}
