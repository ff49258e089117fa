package dev.bundlectl.plan.convert;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import org.junit.jupiter.api.Test;

/** Each rule of the v1beta1 to v1 CRD conversion, on small CRDs written for the rule. */
class CrdConversionTest {

    private static final YAMLMapper YAML = new YAMLMapper();
    private static final RemovedApiVersion CRDS =
            RemovedApiVersions.of("apiextensions.k8s.io", "v1beta1", "CustomResourceDefinition").orElseThrow();

    private static JsonNode yaml(String text) throws Exception {
        return YAML.readTree(text);
    }

    private static ObjectNode converted(String spec) throws Exception {
        ConversionResult result = CRDS.convert(crd(spec));
        assertThat(result).isInstanceOf(ConversionResult.Converted.class);
        return ((ConversionResult.Converted) result).body();
    }

    private static ConversionResult.Refused refused(String spec) throws Exception {
        ConversionResult result = CRDS.convert(crd(spec));
        assertThat(result).isInstanceOf(ConversionResult.Refused.class);
        return (ConversionResult.Refused) result;
    }

    private static ObjectNode crd(String spec) throws Exception {
        return (ObjectNode) yaml("""
                apiVersion: apiextensions.k8s.io/v1beta1
                kind: CustomResourceDefinition
                metadata:
                  name: widgets.example.com
                spec:
                  group: example.com
                  names: {kind: Widget, plural: widgets}
                """ + spec.indent(2));
    }

    @Test
    void aSingleVersionBecomesAServedStorageVersionAndTheApiVersionIsV1() throws Exception {
        ObjectNode crd = converted("""
                scope: Namespaced
                version: v1alpha1
                validation:
                  openAPIV3Schema: {type: object, properties: {spec: {type: object}}}
                preserveUnknownFields: false
                """);

        assertThat(crd.path("apiVersion").asText()).isEqualTo("apiextensions.k8s.io/v1");
        assertThat(crd.path("spec").has("version")).isFalse();
        assertThat(crd.path("spec").path("versions")).isEqualTo(yaml("""
                - name: v1alpha1
                  served: true
                  storage: true
                  schema:
                    openAPIV3Schema: {type: object, properties: {spec: {type: object}}}
                """));
    }

    @Test
    void aVersionsListKeepsItsOrderAndFlagsAndEveryVersionGetsTheTopLevelSchemaSubresourcesAndColumns()
            throws Exception {
        ObjectNode crd = converted("""
                scope: Cluster
                version: v2
                versions:
                - {name: v2, served: true, storage: true}
                - {name: v1, served: false, storage: false}
                validation:
                  openAPIV3Schema: {type: object, properties: {size: {type: integer}}}
                subresources:
                  status: {}
                  scale: {specReplicasPath: .spec.replicas, statusReplicasPath: .status.replicas}
                additionalPrinterColumns:
                - {name: Size, type: integer, JSONPath: .spec.size, description: how big, priority: 1}
                preserveUnknownFields: false
                """);

        JsonNode spec = crd.path("spec");
        for (String field : new String[] {"version", "validation", "subresources", "additionalPrinterColumns"}) {
            assertThat(spec.has(field)).as(field + " at the top level").isFalse();
        }
        assertThat(spec.path("versions")).hasSize(2);
        assertThat(spec.path("versions").get(0).path("name").asText()).isEqualTo("v2");
        assertThat(spec.path("versions").get(1).path("name").asText()).isEqualTo("v1");
        assertThat(spec.path("versions").get(1).path("served").asBoolean(true)).isFalse();
        assertThat(spec.path("versions").get(1).path("storage").asBoolean(true)).isFalse();
        for (JsonNode version : spec.path("versions")) {
            assertThat(version.path("schema")).isEqualTo(yaml(
                    "openAPIV3Schema: {type: object, properties: {size: {type: integer}}}"));
            assertThat(version.path("subresources")).isEqualTo(yaml("""
                    status: {}
                    scale: {specReplicasPath: .spec.replicas, statusReplicasPath: .status.replicas}
                    """));
            assertThat(version.path("additionalPrinterColumns")).isEqualTo(yaml(
                    "- {name: Size, type: integer, jsonPath: .spec.size, description: how big, priority: 1}"));
        }
    }

    @Test
    void perVersionColumnsAreRenamedToo() throws Exception {
        ObjectNode crd = converted("""
                versions:
                - name: v1
                  served: true
                  storage: true
                  additionalPrinterColumns: [{name: Age, type: date, JSONPath: .metadata.creationTimestamp}]
                """);

        assertThat(crd.path("spec").path("versions").get(0).path("additionalPrinterColumns"))
                .isEqualTo(yaml("[{name: Age, type: date, jsonPath: .metadata.creationTimestamp}]"));
    }

    @Test
    void preservedUnknownFieldsMoveToEachSchemaRootAndTheSpecFieldGoes() throws Exception {
        // v1beta1 preserved unknown fields unless told otherwise: absent means true.
        for (String preserve : new String[] {"preserveUnknownFields: true\n", ""}) {
            ObjectNode crd = converted("""
                    version: v1
                    validation:
                      openAPIV3Schema: {type: object, properties: {spec: {type: object}}}
                    """ + preserve);

            assertThat(crd.path("spec").has("preserveUnknownFields")).isFalse();
            assertThat(crd.path("spec").path("versions").get(0).path("schema").path("openAPIV3Schema"))
                    .isEqualTo(yaml("{type: object, properties: {spec: {type: object}},"
                            + " x-kubernetes-preserve-unknown-fields: true}"));
        }
    }

    @Test
    void aVersionWithoutASchemaGetsAnObjectThatKeepsEverything() throws Exception {
        ObjectNode crd = converted("version: v1\n");

        assertThat(crd.path("spec").path("versions").get(0).path("schema"))
                .isEqualTo(yaml("openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}"));
    }

    @Test
    void aSchemaRootWithoutTypeIsAnObjectAndAMissingScopeIsNamespaced() throws Exception {
        ObjectNode crd = converted("""
                version: v1
                validation:
                  openAPIV3Schema: {properties: {spec: {type: object}}}
                preserveUnknownFields: false
                """);

        assertThat(crd.path("spec").path("scope").asText()).isEqualTo("Namespaced");
        assertThat(crd.path("spec").path("versions").get(0).path("schema").path("openAPIV3Schema"))
                .isEqualTo(yaml("{properties: {spec: {type: object}}, type: object}"));
    }

    @Test
    void theConversionWebhookMovesUnderConversionWebhook() throws Exception {
        ObjectNode crd = converted("""
                versions:
                - {name: v1, served: true, storage: true}
                - {name: v2, served: true, storage: false}
                conversion:
                  strategy: Webhook
                  webhookClientConfig:
                    service: {namespace: ops, name: converter, path: /convert}
                  conversionReviewVersions: [v1, v1beta1]
                """);

        assertThat(crd.path("spec").path("conversion")).isEqualTo(yaml("""
                strategy: Webhook
                webhook:
                  clientConfig:
                    service: {namespace: ops, name: converter, path: /convert}
                  conversionReviewVersions: [v1, v1beta1]
                """));
    }

    @Test
    void aWebhookWithoutReviewVersionsGetsV1beta1sDefault() throws Exception {
        ObjectNode crd = converted("""
                version: v1
                conversion:
                  strategy: Webhook
                  webhookClientConfig: {url: "https://converter.example.com/convert"}
                """);

        assertThat(crd.path("spec").path("conversion").path("webhook").path("conversionReviewVersions"))
                .isEqualTo(yaml("[v1beta1]"));
    }

    @Test
    void theOldIntOrStringIdiomIsMarkedAndWrittenIntegerFirst() throws Exception {
        ObjectNode crd = converted("""
                version: v1
                validation:
                  openAPIV3Schema:
                    type: object
                    properties:
                      port: {anyOf: [{type: string}, {type: integer}], description: a port}
                preserveUnknownFields: false
                """);

        assertThat(crd.path("spec").path("versions").get(0).path("schema").path("openAPIV3Schema")
                .path("properties").path("port")).isEqualTo(yaml("""
                        {anyOf: [{type: integer}, {type: string}], description: a port, x-kubernetes-int-or-string: true}
                        """));
    }

    @Test
    void theOriginalIsNeverChanged() throws Exception {
        ObjectNode original = crd("version: v1\nvalidation: {openAPIV3Schema: {properties: {a: {type: string}}}}\n");
        ObjectNode copy = original.deepCopy();

        CRDS.convert(original);

        assertThat(original).isEqualTo(copy);
    }

    @Test
    void aFieldWithoutTypeCannotBeConvertedAndTheRefusalNamesTheField() throws Exception {
        ConversionResult.Refused refusal = refused("""
                version: v1
                validation:
                  openAPIV3Schema:
                    type: object
                    properties:
                      spec:
                        properties:
                          size: {minimum: 1}
                """);

        assertThat(refusal.field()).isEqualTo("spec.versions[0].schema.openAPIV3Schema.properties[spec].type");
        assertThat(refusal.message()).isEqualTo("spec.versions[0].schema.openAPIV3Schema.properties[spec].type:"
                + " Required value: must not be empty for specified object fields (and 1 more)");
    }

    @Test
    void topLevelAndPerVersionSchemasTogetherAreRefusedAsV1beta1RefusedThem() throws Exception {
        ConversionResult.Refused refusal = refused("""
                versions:
                - name: v1
                  served: true
                  storage: true
                  schema: {openAPIV3Schema: {type: object}}
                validation:
                  openAPIV3Schema: {type: object}
                """);

        assertThat(refusal.message())
                .isEqualTo("spec.validation: Forbidden: top-level and per-version schemas are mutually exclusive");
    }

    @Test
    void aVersionThatIsNotTheFirstOfTheListIsRefused() throws Exception {
        ConversionResult.Refused refusal = refused("""
                version: v2
                versions:
                - {name: v1, served: true, storage: true}
                - {name: v2, served: true, storage: false}
                """);

        assertThat(refusal.field()).isEqualTo("spec.version");
    }

    @Test
    void aWebhookConfigWithoutTheWebhookStrategyIsRefused() throws Exception {
        ConversionResult.Refused refusal = refused("""
                version: v1
                conversion:
                  strategy: None
                  webhookClientConfig: {url: "https://converter.example.com/convert"}
                """);

        assertThat(refusal.field()).isEqualTo("spec.conversion.webhookClientConfig");
    }
}
