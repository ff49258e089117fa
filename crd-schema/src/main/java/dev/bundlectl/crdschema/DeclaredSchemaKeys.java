package dev.bundlectl.crdschema;

import java.util.Set;

/**
 * The keys the API server's schema type ({@code JSONSchemaProps} of
 * {@code apiextensions.k8s.io/v1}, the same in {@code v1beta1}) declares, as of Kubernetes 1.26.
 * A CRD's schema node may carry no other: the server drops any other key when it decodes a create
 * or an update, and refuses a server-side apply that sets one (docs/semantics.md §2).
 */
public final class DeclaredSchemaKeys {

    private static final Set<String> SCHEMA_KEYS = Set.of(
            "id", "$schema", "$ref", "description", "type", "format", "title", "default",
            "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength", "minLength", "pattern",
            "maxItems", "minItems", "uniqueItems", "multipleOf", "enum", "maxProperties", "minProperties",
            "required", "items", "allOf", "oneOf", "anyOf", "not", "properties", "additionalProperties",
            "patternProperties", "dependencies", "additionalItems", "definitions", "externalDocs", "example",
            "nullable", "x-kubernetes-preserve-unknown-fields", "x-kubernetes-embedded-resource",
            "x-kubernetes-int-or-string", "x-kubernetes-list-map-keys", "x-kubernetes-list-type",
            "x-kubernetes-map-type", "x-kubernetes-validations");

    /** Every key a schema node may carry. */
    static Set<String> schemaKeys() {
        return SCHEMA_KEYS;
    }

    /** The keys of {@code externalDocs} ({@code ExternalDocumentation}). */
    private static final Set<String> EXTERNAL_DOCS_KEYS = Set.of("description", "url");

    private DeclaredSchemaKeys() {
    }

    /** Whether a schema node may carry {@code key}; exact and case-sensitive, as the server decodes. */
    public static boolean declaresSchemaKey(String key) {
        return SCHEMA_KEYS.contains(key);
    }

    /** Whether an {@code externalDocs} object may carry {@code key}. */
    public static boolean declaresExternalDocsKey(String key) {
        return EXTERNAL_DOCS_KEYS.contains(key);
    }
}
