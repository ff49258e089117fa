/**
 * What OLM itself needs around a CSV applied in OLM mode (docs/semantics.md §6): the namespace's
 * OperatorGroup ({@link dev.bundlectl.plan.olm.OperatorGroupChoice}), the ServiceAccounts and RBAC
 * that OLM's own InstallPlan creates before the CSV ({@link dev.bundlectl.plan.olm.OlmModeSteps}), and
 * the CSV's requirements that OLM's olm-operator checks before it installs anything
 * ({@link dev.bundlectl.plan.olm.CsvRequirements}), and OLM's rules across namespaces: another
 * OperatorGroup providing the same APIs, the same operator already serving the namespace from
 * another ({@link dev.bundlectl.plan.olm.CrossNamespaceRules}). What the cluster holds comes in as
 * an {@link dev.bundlectl.plan.olm.OlmCluster}; nothing here talks to a cluster.
 */
package dev.bundlectl.plan.olm;
