/**
 * CustomResourceDefinition schemas: which schema each version of a CRD carries
 * ({@link dev.bundlectl.crdschema.CrdVersions}), a validator for the structural OpenAPI v3
 * subset Kubernetes uses ({@link dev.bundlectl.crdschema.SchemaValidator}), with the API
 * server's field-error wording, the schema patterns Go's regular expressions refuse
 * ({@link dev.bundlectl.crdschema.SchemaPatterns}), and the schema keys the server's schema type
 * does not declare, which it drops on create ({@link dev.bundlectl.crdschema.UndeclaredSchemaKeys}),
 * both found by one walk per CRD schema ({@link dev.bundlectl.crdschema.CrdSchemaSurvey}, kept per
 * CRD for a plan by {@link dev.bundlectl.crdschema.CrdSchemaSurveys}).
 * Patterns are compiled and matched with RE2/J, Go's own engine in Java (docs/semantics.md §2).
 * Used to check a CRD, custom resources and CSVs before they are written, and that existing
 * custom resources still validate before a CRD is replaced. Pure logic, no I/O.
 */
package dev.bundlectl.crdschema;
