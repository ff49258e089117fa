/**
 * What the planner leaves out of an object before it is applied because the API server would drop
 * it anyway: the keys of a CRD's schemas that the server's schema type does not declare
 * ({@link dev.bundlectl.plan.prune.UnknownSchemaFields}). The server drops them on a create, which
 * is how OLM writes a CRD, but refuses a server-side apply that sets them (docs/semantics.md §2).
 * Pure logic, no I/O.
 */
package dev.bundlectl.plan.prune;
