package dev.bundlectl.bundle.testing;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.Manifest;
import java.util.Objects;

/**
 * A CustomResourceDefinition for tests, as the schema, pruning and object-check tests of
 * crd-schema and installplan write one: {@code apiextensions.k8s.io/v1}, namespaced, with one
 * served and stored version {@code v1} whose {@code openAPIV3Schema} is the YAML a test gives.
 *
 * @param group the API group, e.g. {@code example.com}
 * @param kind the kind, e.g. {@code Widget}
 * @param plural the plural, e.g. {@code widgets}; the CRD is named {@code plural.group}
 */
public record TestCrd(String group, String kind, String plural) {

    /** {@code widgets.example.com}, kind {@code Widget}. */
    public static final TestCrd WIDGETS = new TestCrd("example.com", "Widget", "widgets");

    public TestCrd {
        Objects.requireNonNull(group, "group");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(plural, "plural");
    }

    /** The CRD's name, {@code plural.group}. */
    public String name() {
        return plural + "." + group;
    }

    /** The CRD as YAML, with {@code openApiV3Schema} (YAML, unindented) as its version's schema. */
    public String yaml(String openApiV3Schema) {
        return """
                apiVersion: apiextensions.k8s.io/v1
                kind: CustomResourceDefinition
                metadata: {name: %s}
                spec:
                  group: %s
                  names: {kind: %s, plural: %s}
                  scope: Namespaced
                  versions:
                  - name: v1
                    served: true
                    storage: true
                    schema:
                      openAPIV3Schema:
                """.formatted(name(), group, kind, plural) + openApiV3Schema.indent(8);
    }

    /** The CRD as a manifest located at {@code file}. */
    public Manifest manifest(String file, String openApiV3Schema) {
        return TestBundles.manifest(file, yaml(openApiV3Schema));
    }

    /** The CRD's parsed body. */
    public ObjectNode body(String openApiV3Schema) {
        return manifest("manifests/" + plural + ".crd.yaml", openApiV3Schema).body();
    }
}
