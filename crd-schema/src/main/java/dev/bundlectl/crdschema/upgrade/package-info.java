/**
 * Whether replacing one CustomResourceDefinition with another would break what is stored under
 * it: OLM v1's CRD upgrade safety checks (docs/semantics.md §9, "CRD upgrade safety"), in our own
 * words. {@link dev.bundlectl.crdschema.upgrade.CrdUpgradeSafety#findings} takes the old CRD and
 * the new one and answers one {@link dev.bundlectl.crdschema.upgrade.UpgradeFinding} per CRD and
 * field path, with the old and the new value. A CRD is first reduced to a
 * {@link dev.bundlectl.crdschema.upgrade.CrdShape}, what the checks compare and nothing else, so
 * that a catalog's many versions of one CRD can be held and compared at once. Pure logic, no I/O;
 * what to do with a finding (warn, refuse) is the caller's.
 */
package dev.bundlectl.crdschema.upgrade;
