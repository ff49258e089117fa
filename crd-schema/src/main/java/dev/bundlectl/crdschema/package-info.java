/**
 * CustomResourceDefinition schemas: which schema each version of a CRD carries
 * ({@link dev.bundlectl.crdschema.CrdVersions}), and a validator for the structural OpenAPI v3
 * subset Kubernetes uses ({@link dev.bundlectl.crdschema.SchemaValidator}), with the API
 * server's field-error wording. Used to check that existing custom resources still validate
 * before a CRD is replaced. Pure logic, no I/O.
 */
package dev.bundlectl.crdschema;
