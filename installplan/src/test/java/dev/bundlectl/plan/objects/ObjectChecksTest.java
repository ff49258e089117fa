package dev.bundlectl.plan.objects;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.testing.TestBundles;
import dev.bundlectl.bundle.testing.TestCrd;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * The object checks, one rule at a time. Expected messages are the API server's wording, written
 * out here from Kubernetes' validation messages, not built from the code under test.
 */
class ObjectChecksTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SUBDOMAIN = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric"
            + " characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com',"
            + " regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
    private static final String LABEL = "a lowercase RFC 1123 label must consist of lower case alphanumeric"
            + " characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or"
            + " '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
    private static final String DNS1035 = "a DNS-1035 label must consist of lower case alphanumeric characters or"
            + " '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name', "
            + " or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";
    private static final String CONFIG_KEY = "a valid config key must consist of alphanumeric characters, '-', '_'"
            + " or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is"
            + " '[-._a-zA-Z0-9]+')";

    private final ObjectChecks checks = new ObjectChecks(CustomResourceSchemas.none());

    private static ObjectNode object(String apiVersion, String kind, String name) {
        ObjectNode object = JSON.createObjectNode().put("apiVersion", apiVersion).put("kind", kind);
        object.putObject("metadata").put("name", name);
        return object;
    }

    private ObjectVerdict check(ObjectNode object) {
        return check(checks, object);
    }

    private static ObjectVerdict check(ObjectChecks with, ObjectNode object) {
        Manifest manifest = TestBundles.fromBody("manifests/object.yaml", object);
        return with.check(manifest, object.toString());
    }

    private static String rejection(ObjectVerdict verdict) {
        assertThat(verdict).isInstanceOf(ObjectVerdict.Rejected.class);
        return ((ObjectVerdict.Rejected) verdict).message();
    }

    @Nested
    class Names {

        @Test
        void aConfigMapNameMustBeASubdomainInTheServersWords() {
            assertThat(rejection(check(object("v1", "ConfigMap", "My_Config!"))))
                    .isEqualTo("ConfigMap \"My_Config!\" is invalid: metadata.name: Invalid value: \"My_Config!\": "
                            + SUBDOMAIN);
        }

        @Test
        void aPathIsNoNameAndAGroupedKindIsQualified() {
            assertThat(rejection(check(object("apps/v1", "Deployment", "../../etc/passwd"))))
                    .isEqualTo("Deployment.apps \"../../etc/passwd\" is invalid: metadata.name: Invalid value: "
                            + "\"../../etc/passwd\": " + SUBDOMAIN);
        }

        @Test
        void aLongNameGetsBothTheLengthAndThePatternProblem() {
            String name = "a".repeat(10_000);
            assertThat(rejection(check(object("v1", "Secret", name))))
                    .isEqualTo("Secret \"" + name + "\" is invalid: metadata.name: Invalid value: \"" + name
                            + "\": must be no more than 253 characters");
            String tooLongAndBad = "A".repeat(254);
            assertThat(rejection(check(object("v1", "Secret", tooLongAndBad))))
                    .contains("is invalid: [metadata.name: Invalid value: \"" + tooLongAndBad
                            + "\": must be no more than 253 characters, metadata.name: Invalid value: \"" + tooLongAndBad
                            + "\": " + SUBDOMAIN + "]");
        }

        @Test
        void subdomainBoundaryIs253() {
            String longest = ("a".repeat(63) + ".").repeat(3) + "a".repeat(61);
            assertThat(longest).hasSize(253);
            assertThat(check(object("v1", "ConfigMap", longest))).isEqualTo(ObjectVerdict.ACCEPTED);
            assertThat(rejection(check(object("v1", "ConfigMap", longest + "a")))).contains("must be no more than 253");
        }

        @Test
        void aBidiOverrideIsRefusedAndShownEscapedAsGoQuotesIt() {
            String name = "cfg\u202Egnp.exe";
            assertThat(rejection(check(object("v1", "ConfigMap", name))))
                    .isEqualTo("ConfigMap \"" + name + "\" is invalid: metadata.name: Invalid value: "
                            + "\"cfg\\u202egnp.exe\": " + SUBDOMAIN);
        }

        @Test
        void namespacesAreLabelsAndServicesAreDns1035Labels() {
            assertThat(rejection(check(object("v1", "Namespace", "a.b"))))
                    .isEqualTo("Namespace \"a.b\" is invalid: metadata.name: Invalid value: \"a.b\": " + LABEL);
            assertThat(rejection(check(object("v1", "Namespace", "a".repeat(64)))))
                    .endsWith("must be no more than 63 characters");
            assertThat(check(object("v1", "Namespace", "a".repeat(63)))).isEqualTo(ObjectVerdict.ACCEPTED);
            assertThat(rejection(check(object("v1", "Service", "1-metrics"))))
                    .isEqualTo("Service \"1-metrics\" is invalid: metadata.name: Invalid value: \"1-metrics\": "
                            + DNS1035);
            assertThat(check(object("v1", "ConfigMap", "1-metrics"))).isEqualTo(ObjectVerdict.ACCEPTED);
        }

        @Test
        void rbacNamesOnlyHaveToBePathSegments() {
            assertThat(check(object("rbac.authorization.k8s.io/v1", "ClusterRole", "system:Metrics_Reader")))
                    .isEqualTo(ObjectVerdict.ACCEPTED);
            assertThat(rejection(check(object("rbac.authorization.k8s.io/v1", "Role", ".."))))
                    .isEqualTo("Role.rbac.authorization.k8s.io \"..\" is invalid: metadata.name: Invalid value: "
                            + "\"..\": may not be '..'");
            assertThat(rejection(check(object("rbac.authorization.k8s.io/v1", "ClusterRoleBinding", "a/b%c"))))
                    .endsWith("is invalid: [metadata.name: Invalid value: \"a/b%c\": may not contain '/', "
                            + "metadata.name: Invalid value: \"a/b%c\": may not contain '%']");
        }

        @Test
        void aCrdMustBeNamedPluralDotGroup() {
            ObjectNode crd = object("apiextensions.k8s.io/v1", "CustomResourceDefinition", "caches.example.com");
            crd.putObject("spec").put("group", "cache.example.com").putObject("names").put("plural", "caches");
            assertThat(rejection(check(crd))).isEqualTo("CustomResourceDefinition.apiextensions.k8s.io "
                    + "\"caches.example.com\" is invalid: metadata.name: Invalid value: \"caches.example.com\": "
                    + "must be spec.names.plural+\".\"+spec.group");
            ((ObjectNode) crd.path("metadata")).put("name", "caches.cache.example.com");
            assertThat(check(crd)).isEqualTo(ObjectVerdict.ACCEPTED);
        }

        @Test
        void labelsAndAnnotationKeysAreCheckedAsTheServerChecksThem() {
            ObjectNode map = object("v1", "ConfigMap", "c");
            ObjectNode metadata = (ObjectNode) map.path("metadata");
            metadata.putObject("labels").put("app.kubernetes.io/name", "ok").put("bundlectl.dev/csv", "x".repeat(64))
                    .put("a/b/c", "v").put("/empty", "-dash");
            metadata.putObject("annotations").put("Example.COM/Key", "fine").put("bad key", "v");
            String qualified = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with"
                    + " an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for"
                    + " validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
            assertThat(rejection(check(map))).isEqualTo("ConfigMap \"c\" is invalid: ["
                    + "metadata.labels: Invalid value: \"" + "x".repeat(64) + "\": must be no more than 63 characters, "
                    + "metadata.labels: Invalid value: \"a/b/c\": a qualified name " + qualified
                    + " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName'), "
                    + "metadata.labels: Invalid value: \"/empty\": prefix part must be non-empty, "
                    + "metadata.labels: Invalid value: \"-dash\": a valid label must be an empty string or consist of"
                    + " alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character"
                    + " (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is"
                    + " '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?'), "
                    + "metadata.annotations: Invalid value: \"bad key\": name part " + qualified + "]");
        }

        @Test
        void annotationsMayHoldAtMost256KibibytesInAll() {
            ObjectNode map = object("v1", "ConfigMap", "c");
            ((ObjectNode) map.path("metadata")).putObject("annotations").put("a", "x".repeat(256 * 1024));
            assertThat(rejection(check(map))).isEqualTo("ConfigMap \"c\" is invalid: metadata.annotations: Too long: "
                    + "must have at most 262144 bytes");
        }

        @Test
        void aNamespaceInTheManifestIsALabelAndGenerateNameIsRefused() {
            ObjectNode config = object("v1", "ConfigMap", "ok");
            ((ObjectNode) config.path("metadata")).put("namespace", "My_NS");
            assertThat(rejection(check(config)))
                    .isEqualTo("ConfigMap \"ok\" is invalid: metadata.namespace: Invalid value: \"My_NS\": " + LABEL);
            ObjectNode generated = object("v1", "ConfigMap", "ok");
            ((ObjectNode) generated.path("metadata")).put("generateName", "ok-");
            assertThat(rejection(check(generated))).isEqualTo("ConfigMap \"ok\" is invalid: metadata.generateName: "
                    + "Forbidden: not allowed in a bundle: bundlectl applies every object by its metadata.name");
        }
    }

    @Nested
    class DataMaps {

        private ObjectNode secret(String field) {
            ObjectNode secret = object("v1", "Secret", "s");
            secret.putObject(field);
            return secret;
        }

        @Test
        void secretValuesMustBeBase64StringsAndAreNeverShown() {
            ObjectNode secret = secret("data");
            ((ObjectNode) secret.path("data")).put("n", 5).put("bad", "not base64!").putArray("list").add("x");
            assertThat(rejection(check(secret))).isEqualTo("Secret \"s\" is invalid: ["
                    + "data[n]: Invalid value: must be a string, not a number, "
                    + "data[bad]: Invalid value: must be base64-encoded: "
                    + "the length is not a multiple of 4 (padding missing), "
                    + "data[list]: Invalid value: must be a string, not a list]");
        }

        @Test
        void keysMustBeConfigKeys() {
            ObjectNode config = object("v1", "ConfigMap", "c");
            config.putObject("data").put("my key", "v").put("..", "v").put("..x", "v").put("ok.key_-1", "v");
            assertThat(rejection(check(config))).isEqualTo("ConfigMap \"c\" is invalid: ["
                    + "data[my key]: Invalid value: \"my key\": " + CONFIG_KEY + ", "
                    + "data[..]: Invalid value: \"..\": must not be '..', "
                    + "data[..x]: Invalid value: \"..x\": must not start with '..']");
        }

        @Test
        void stringDataIsReportedUnderDataAsTheServerMergesIt() {
            ObjectNode secret = secret("stringData");
            ((ObjectNode) secret.path("stringData")).put("a/b", "v");
            assertThat(rejection(check(secret)))
                    .isEqualTo("Secret \"s\" is invalid: data[a/b]: Invalid value: \"a/b\": " + CONFIG_KEY);
        }

        @Test
        void aDataFieldThatIsNotAMapIsRefused() {
            ObjectNode config = object("v1", "ConfigMap", "c").put("data", "text");
            assertThat(rejection(check(config)))
                    .isEqualTo("ConfigMap \"c\" is invalid: data: Invalid value: \"text\": "
                            + "must be a map of string keys to string values, not a string");
        }

        @Test
        void atMostOneMebibyteInTotal() {
            int limit = 1024 * 1024;
            ObjectNode exact = secret("data");
            ((ObjectNode) exact.path("data")).put("a", Base64.getEncoder().encodeToString(new byte[limit / 2]))
                    .put("b", Base64.getEncoder().encodeToString(new byte[limit / 2]));
            assertThat(check(exact)).isEqualTo(ObjectVerdict.ACCEPTED);
            ObjectNode twoMib = secret("data");
            ((ObjectNode) twoMib.path("data")).put("a", Base64.getEncoder().encodeToString(new byte[2 * limit]));
            assertThat(rejection(check(twoMib)))
                    .isEqualTo("Secret \"s\" is invalid: data: Too long: must have at most 1048576 bytes");
            ObjectNode config = object("v1", "ConfigMap", "c");
            config.putObject("data").put("a", "x".repeat(limit));
            config.putObject("binaryData").put("b", Base64.getEncoder().encodeToString(new byte[1]));
            assertThat(rejection(check(config)))
                    .isEqualTo("ConfigMap \"c\" is invalid: : Too long: must have at most 1048576 bytes");
        }
    }

    @Nested
    class Size {

        @Test
        void aRequestBodyOverThreeMebibytesIsRefusedAsTheServerDoes() {
            ObjectNode big = object("example.com/v1", "Blob", "b");
            big.putObject("spec").put("text", "x".repeat(3 * 1024 * 1024));
            assertThat(rejection(check(big))).startsWith("Request entity too large: limit is 3145728 (this object is ");
        }

        @Test
        void withoutTheStepsTextTheObjectIsSizedToTheSameByteAndTheSameAnswer() {
            for (int length : new int[] {3 * 1024 * 1024 - 100, 3 * 1024 * 1024 - 47, 3 * 1024 * 1024 - 46, 3 * 1024 * 1024}) {
                ObjectNode object = object("example.com/v1", "Blob", "b");
                // Two-byte characters, so that the size in bytes is not the text's length.
                object.putObject("spec").put("text", "\u00e9".repeat(length / 2));
                Manifest manifest = TestBundles.fromBody("manifests/object.yaml", object);
                assertThat(checks.check(manifest, null)).as("length " + length)
                        .isEqualTo(checks.check(manifest, object.toString()));
            }
        }
    }

    @Nested
    class Csv {

        private ObjectNode csv() {
            ObjectNode csv = object("operators.coreos.com/v1alpha1", "ClusterServiceVersion", "op.v1.0.0");
            ObjectNode spec = csv.putObject("spec").put("displayName", "Op");
            spec.putObject("install").put("strategy", "deployment").putObject("spec").putArray("deployments");
            return csv;
        }

        @Test
        void aValidCsvIsAccepted() {
            assertThat(check(csv())).isEqualTo(ObjectVerdict.ACCEPTED);
        }

        @Test
        void aStringSpecOrInstallModesIsRefusedWithTheFieldNamed() {
            ObjectNode stringSpec = csv().put("spec", "everything");
            assertThat(rejection(check(stringSpec))).isEqualTo("ClusterServiceVersion.operators.coreos.com "
                    + "\"op.v1.0.0\" is invalid: spec: Invalid value: \"string\": spec in body must be of type object: "
                    + "\"string\"");
            ObjectNode modes = csv();
            ((ObjectNode) modes.path("spec")).put("installModes", "AllNamespaces");
            assertThat(rejection(check(modes))).endsWith("is invalid: spec.installModes: Invalid value: \"string\": "
                    + "spec.installModes in body must be of type array: \"string\"");
        }

        @Test
        void aMissingRequiredFieldIsNamed() {
            ObjectNode csv = csv();
            ((ObjectNode) csv.path("spec")).remove("install");
            assertThat(rejection(check(csv))).endsWith("is invalid: spec.install: Required value");
        }

        @Test
        void statusIsIgnoredBecauseACreateCannotSetIt() {
            ObjectNode csv = csv();
            csv.putObject("status").put("phase", 5);
            assertThat(check(csv)).isEqualTo(ObjectVerdict.ACCEPTED);
        }
    }

    @Nested
    class CustomResources {

        private final JsonNode crd = new TestCrd("cache.example.com", "Cache", "caches").manifest("manifests/crd.yaml",
                """
                type: object
                properties:
                  spec:
                    type: object
                    required: [size]
                    properties:
                      size: {type: integer, maximum: 9}
                      note: {type: string}
                """).body();
        private final ObjectChecks withCrd =
                new ObjectChecks(CustomResourceSchemas.of(List.of(TestBundles.fromBody("manifests/crd.yaml",
                        (ObjectNode) crd))));

        @Test
        void aCustomResourceIsValidatedAgainstItsVersionsSchema() {
            ObjectNode cache = object("cache.example.com/v1", "Cache", "c");
            cache.putObject("spec").put("size", 12);
            assertThat(rejection(check(withCrd, cache))).isEqualTo("Cache.cache.example.com \"c\" is invalid: "
                    + "spec.size: Invalid value: 12: spec.size in body should be less than or equal to 9");
            ((ObjectNode) cache.path("spec")).remove("size");
            assertThat(rejection(check(withCrd, cache))).endsWith("is invalid: spec.size: Required value");
        }

        @Test
        void aNullInANonNullableFieldIsPrunedNotRefused() {
            ObjectNode cache = object("cache.example.com/v1", "Cache", "c");
            cache.putObject("spec").put("size", 1).putNull("note");
            assertThat(check(withCrd, cache)).isEqualTo(ObjectVerdict.ACCEPTED);
        }

        @Test
        void aCrdWhosePatternGoRefusesIsRefusedWithTheServersWords() {
            ObjectNode bad = crd.deepCopy();
            ((ObjectNode) bad.at("/spec/versions/0/schema/openAPIV3Schema/properties/spec/properties/note"))
                    .put("pattern", "^(?!0)[0-9]+(Mi|Gi)$");
            assertThat(rejection(check(bad))).isEqualTo("CustomResourceDefinition.apiextensions.k8s.io "
                    + "\"caches.cache.example.com\" is invalid: spec.validation.openAPIV3Schema.properties[spec]"
                    + ".properties[note].pattern: Invalid value: \"^(?!0)[0-9]+(Mi|Gi)$\": must be a valid regular "
                    + "expression, but isn't: error parsing regexp: invalid or unsupported Perl syntax: `(?!`");
            assertThat(check((ObjectNode) crd)).isEqualTo(ObjectVerdict.ACCEPTED);
        }

        @Test
        void anotherVersionOrKindIsNotChecked() {
            ObjectNode other = object("cache.example.com/v2", "Cache", "c");
            other.putObject("spec");
            assertThat(check(withCrd, other)).isEqualTo(ObjectVerdict.ACCEPTED);
        }
    }

    @Nested
    class RenderedDeployments {

        @Test
        void replicasMustBeAnInt32NumberAndLongValuesAreCut() {
            ObjectNode deployment = object("apps/v1", "Deployment", "op");
            deployment.putObject("spec").put("replicas", "9".repeat(100_000));
            assertThat(rejection(check(deployment))).isEqualTo("Deployment.apps \"op\" is invalid: spec.replicas: "
                    + "Invalid value: \"" + "9".repeat(40) + "… (100000 characters)\": a string, must be an integer "
                    + "from -2147483648 to 2147483647 (int32)");
            ((ObjectNode) deployment.path("spec")).put("replicas", 2_147_483_648L);
            assertThat(rejection(check(deployment))).endsWith("spec.replicas: Invalid value: 2147483648: "
                    + "must be an integer from -2147483648 to 2147483647 (int32)");
            ((ObjectNode) deployment.path("spec")).put("replicas", 2_147_483_647);
            assertThat(check(deployment)).isEqualTo(ObjectVerdict.ACCEPTED);
        }
    }
}
