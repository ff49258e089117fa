/**
 * One reconcile of one BundleInstall ({@link dev.bundlectl.controller.reconcile.Reconciler}), the
 * approval rule ({@link dev.bundlectl.controller.reconcile.ApprovalGate},
 * {@link dev.bundlectl.controller.reconcile.PlanDigest}), and the status, finalizer and event writes.
 * The pipeline is reached through {@link dev.bundlectl.controller.reconcile.BundleInstaller}.
 */
package dev.bundlectl.controller.reconcile;
