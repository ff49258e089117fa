package dev.bundlectl.plan.prune;

import static dev.bundlectl.bundle.testing.TestBundles.manifest;
import static dev.bundlectl.bundle.testing.TestCrd.WIDGETS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.bundle.Diagnostic;
import dev.bundlectl.bundle.Diagnostics;
import dev.bundlectl.bundle.Manifest;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Which manifests lose schema keys, and how the warning names what was left out. */
class UnknownSchemaFieldsTest {

    private static Manifest crdWith(String extraKeys) {
        return WIDGETS.manifest("manifests/widgets.crd.yaml", """
                type: object
                properties:
                  spec: {type: object%s}
                """.formatted(extraKeys));
    }

    @Test
    void oneDroppedFieldIsTheWarningsField() {
        Diagnostics.Collector warnings = new Diagnostics.Collector();

        List<Manifest> result = UnknownSchemaFields.dropped(List.of(crdWith(", x-descriptors: [a]")), warnings);

        assertThat(result.get(0).body().toString()).doesNotContain("x-descriptors");
        assertThat(warnings.toDiagnostics().warnings()).extracting(Diagnostic::toString).containsExactly(
                "warning: manifests/widgets.crd.yaml: CustomResourceDefinition/widgets.example.com: field "
                        + "spec.versions[0].schema.openAPIV3Schema.properties.spec.x-descriptors: "
                        + "unknown field dropped, as the API server drops it on create");
    }

    @Test
    void manyDroppedFieldsAreOneWarningWithTheirCount() {
        String keys = IntStream.range(0, 5).mapToObj(i -> ", x-k" + i + ": " + i).collect(Collectors.joining());
        Diagnostics.Collector warnings = new Diagnostics.Collector();

        UnknownSchemaFields.dropped(List.of(crdWith(keys)), warnings);

        String spec = "spec.versions[0].schema.openAPIV3Schema.properties.spec.";
        assertThat(warnings.toDiagnostics().warnings()).extracting(Diagnostic::message).containsExactly(
                "5 unknown fields of its schemas dropped, as the API server drops them on create: " + spec + "x-k0, "
                        + spec + "x-k1, " + spec + "x-k2 and 2 more");
    }

    @Test
    void otherManifestsAndCrdsWithOnlyDeclaredKeysAreTheSameObjectsAndUnreported() {
        Manifest crd = crdWith(", x-kubernetes-preserve-unknown-fields: true");
        Manifest configMap = manifest("manifests/cm.yaml", """
                apiVersion: v1
                kind: ConfigMap
                metadata: {name: c}
                data: {x-descriptors: kept}
                """);
        Diagnostics.Collector warnings = new Diagnostics.Collector();

        List<Manifest> result = UnknownSchemaFields.dropped(List.of(crd, configMap), warnings);

        assertThat(result.get(0)).isSameAs(crd);
        assertThat(result.get(1)).isSameAs(configMap);
        assertThat(warnings.toDiagnostics().all()).isEmpty();
    }
}
