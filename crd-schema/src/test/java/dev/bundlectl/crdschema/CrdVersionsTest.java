package dev.bundlectl.crdschema;

import static dev.bundlectl.crdschema.SchemaValidatorTest.yaml;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

class CrdVersionsTest {

    @Test
    void v1GivesEachVersionItsOwnSchema() {
        JsonNode crd = yaml("""
                apiVersion: apiextensions.k8s.io/v1
                kind: CustomResourceDefinition
                spec:
                  versions:
                  - name: v1alpha1
                    served: false
                    storage: false
                    schema: {openAPIV3Schema: {type: object, description: old}}
                  - name: v1
                    served: true
                    storage: true
                    schema: {openAPIV3Schema: {type: object, description: new}}
                  - name: v2
                    served: true
                    storage: false
                """);

        assertThat(CrdVersions.of(crd)).extracting(CrdVersion::name, CrdVersion::served, CrdVersion::storage,
                CrdVersion::hasSchema).containsExactly(
                        org.assertj.core.groups.Tuple.tuple("v1alpha1", false, false, true),
                        org.assertj.core.groups.Tuple.tuple("v1", true, true, true),
                        org.assertj.core.groups.Tuple.tuple("v2", true, false, false));
        assertThat(CrdVersions.schema(crd, "v1")).get().extracting(schema -> schema.path("description").asText())
                .isEqualTo("new");
        assertThat(CrdVersions.schema(crd, "v2")).isEmpty();
        assertThat(CrdVersions.schema(crd, "v9")).isEmpty();
    }

    @Test
    void v1beta1SharesTheTopLevelValidationUnlessAVersionHasItsOwn() {
        JsonNode crd = yaml("""
                apiVersion: apiextensions.k8s.io/v1beta1
                kind: CustomResourceDefinition
                spec:
                  validation: {openAPIV3Schema: {type: object, description: shared}}
                  versions:
                  - {name: v1beta1, served: true, storage: true}
                  - name: v1beta2
                    served: true
                    storage: false
                    schema: {openAPIV3Schema: {type: object, description: own}}
                """);

        assertThat(CrdVersions.schema(crd, "v1beta1")).get()
                .extracting(schema -> schema.path("description").asText()).isEqualTo("shared");
        assertThat(CrdVersions.schema(crd, "v1beta2")).get()
                .extracting(schema -> schema.path("description").asText()).isEqualTo("own");
    }

    @Test
    void v1beta1SingleVersionIsServedAndStored() {
        JsonNode crd = yaml("""
                apiVersion: apiextensions.k8s.io/v1beta1
                kind: CustomResourceDefinition
                spec:
                  version: v1alpha1
                  validation: {openAPIV3Schema: {type: object}}
                """);

        assertThat(CrdVersions.of(crd)).singleElement().satisfies(version -> {
            assertThat(version.name()).isEqualTo("v1alpha1");
            assertThat(version.served()).isTrue();
            assertThat(version.storage()).isTrue();
            assertThat(version.hasSchema()).isTrue();
        });
    }

    @Test
    void aCrdWithoutVersionsHasNone() {
        assertThat(CrdVersions.of(yaml("kind: CustomResourceDefinition"))).isEmpty();
        assertThat(CrdVersions.of(yaml("spec: {versions: [{served: true}]}"))).isEmpty();
    }
}
