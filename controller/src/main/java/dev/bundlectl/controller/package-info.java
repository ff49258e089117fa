/**
 * The in-cluster controller: {@code BundleInstall} objects hold the desired state, and the
 * controller keeps it true with bundlectl's own planner and executor.
 * <ul>
 *   <li>{@code api}: the BundleInstall API (spec, status vocabulary, names).</li>
 *   <li>{@code reconcile}: one level-based reconcile of one object: finalizer, plan, approval, install, status, events.</li>
 *   <li>{@code runtime}: the informer, work queue and worker threads, and leader election.</li>
 * </ul>
 */
package dev.bundlectl.controller;
