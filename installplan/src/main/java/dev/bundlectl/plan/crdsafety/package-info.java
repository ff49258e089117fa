/**
 * CRD upgrade safety in a plan (docs/semantics.md §9, "CRD upgrade safety"): what a CRD update
 * would break, as {@code crd-schema}'s {@link dev.bundlectl.crdschema.upgrade.CrdUpgradeSafety}
 * finds it ({@link dev.bundlectl.plan.crdsafety.CrdUpdateFindings}), what the user asked to be
 * done about it ({@link dev.bundlectl.plan.crdsafety.CrdSafetyPolicy}: warn, as OLM v0 goes on, or
 * refuse, as OLM v1 does), and how the plan says so ({@link dev.bundlectl.plan.crdsafety.CrdSafetyMarks}).
 * Where the old CRD comes from (the live cluster, an earlier bundle) is the caller's. Pure logic.
 */
package dev.bundlectl.plan.crdsafety;
