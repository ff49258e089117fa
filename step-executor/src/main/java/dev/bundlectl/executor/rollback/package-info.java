/**
 * Going back to a lower version (docs/semantics.md §9, "Rollbacks"): the checks a rollback's
 * CRDs must pass against the live ones before anything is written. The older CRDs must keep every
 * version the live CRD has stored objects in, and every live custom resource must validate against
 * the older schema (OLM v0's two checks on a CRD update, run in reverse and ahead of the install);
 * OLM v1's upgrade-safety checks follow, as on every CRD update ({@code ClusterPlanning.crdSafety}).
 * {@code planning.ClusterPlanning.upgrade} runs
 * them on every plan that goes to a lower version: {@code bundlectl rollback}, {@code install --force} of
 * a lower version, and the controller's {@code upgradeConstraintPolicy: SelfCertified}.
 */
package dev.bundlectl.executor.rollback;
