package dev.bundlectl.plan.convert;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import org.junit.jupiter.api.Test;

/** RBAC, PodDisruptionBudget and PriorityClass conversions, and which versions are known as removed. */
class OtherRemovedVersionsTest {

    private static final YAMLMapper YAML = new YAMLMapper();

    private static ObjectNode yaml(String text) throws Exception {
        return (ObjectNode) YAML.readTree(text);
    }

    private static ObjectNode convert(ObjectNode body) {
        String apiVersion = body.path("apiVersion").asText();
        int slash = apiVersion.indexOf('/');
        RemovedApiVersion removed = RemovedApiVersions.of(apiVersion.substring(0, slash),
                apiVersion.substring(slash + 1), body.path("kind").asText()).orElseThrow();
        return ((ConversionResult.Converted) removed.convert(body)).body();
    }

    @Test
    void rbacObjectsOnlyChangeTheirApiVersion() throws Exception {
        for (String kind : new String[] {"Role", "ClusterRole", "RoleBinding", "ClusterRoleBinding"}) {
            ObjectNode original = yaml("""
                    apiVersion: rbac.authorization.k8s.io/v1beta1
                    kind: %s
                    metadata: {name: x}
                    rules: [{apiGroups: [""], resources: [pods], verbs: [get]}]
                    """.formatted(kind));
            ObjectNode expected = original.deepCopy();
            expected.put("apiVersion", "rbac.authorization.k8s.io/v1");

            assertThat(convert(original)).as(kind).isEqualTo(expected);
        }
    }

    @Test
    void aPriorityClassOnlyChangesItsApiVersion() throws Exception {
        assertThat(convert(yaml("""
                apiVersion: scheduling.k8s.io/v1beta1
                kind: PriorityClass
                metadata: {name: high}
                value: 1000
                """))).isEqualTo(yaml("""
                apiVersion: scheduling.k8s.io/v1
                kind: PriorityClass
                metadata: {name: high}
                value: 1000
                """));
    }

    @Test
    void anEmptyV1beta1PdbSelectorStillSelectsNoPodInV1() throws Exception {
        assertThat(convert(yaml("""
                apiVersion: policy/v1beta1
                kind: PodDisruptionBudget
                metadata: {name: p}
                spec: {minAvailable: 1, selector: {}}
                """)).path("spec").path("selector")).isEqualTo(yaml("""
                matchExpressions:
                - {key: pdb.kubernetes.io/deprecated-v1beta1-empty-selector-match, operator: Exists}
                """));
    }

    @Test
    void v1beta1sMatchAllFormBecomesV1sEmptySelectorAndOtherSelectorsStay() throws Exception {
        assertThat(convert(yaml("""
                apiVersion: policy/v1beta1
                kind: PodDisruptionBudget
                metadata: {name: p}
                spec:
                  selector:
                    matchExpressions:
                    - {key: pdb.kubernetes.io/deprecated-v1beta1-empty-selector-match, operator: DoesNotExist}
                """)).path("spec").path("selector")).isEqualTo(yaml("{}"));
        assertThat(convert(yaml("""
                apiVersion: policy/v1beta1
                kind: PodDisruptionBudget
                metadata: {name: p}
                spec: {maxUnavailable: 1, selector: {matchLabels: {app: db}}}
                """))).isEqualTo(yaml("""
                apiVersion: policy/v1
                kind: PodDisruptionBudget
                metadata: {name: p}
                spec: {maxUnavailable: 1, selector: {matchLabels: {app: db}}}
                """));
    }

    @Test
    void onlyTheRemovedVersionsOfTheirKindsAreKnown() {
        assertThat(RemovedApiVersions.of("apiextensions.k8s.io", "v1", "CustomResourceDefinition")).isEmpty();
        assertThat(RemovedApiVersions.of("policy", "v1beta1", "PodSecurityPolicy")).isEmpty();
        assertThat(RemovedApiVersions.of("rbac.authorization.k8s.io", "v1beta1", "ClusterRoleBinding")).isPresent();
        assertThat(RemovedApiVersions.of("scheduling.k8s.io", "v1beta1", "PriorityClass")).isPresent();
    }
}
