/**
 * Upgrades from one bundle version to the next: whether the new CSV may replace the installed one
 * ({@link dev.bundlectl.plan.upgrade.UpgradePath}, OLM's {@code replaces}, {@code skips} and
 * {@code olm.skipRange} rules, the range read by {@code bundle.version.VersionRange}), and the plan of an upgrade or re-run
 * ({@link dev.bundlectl.plan.upgrade.UpgradeSteps}: create, update or present on each step, and
 * delete or keep steps for what the new bundle no longer has). Pure logic: the install record and
 * the cluster's existing objects are given.
 */
package dev.bundlectl.plan.upgrade;
