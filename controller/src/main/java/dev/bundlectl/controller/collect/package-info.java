/**
 * The controller's collector of what installs left behind ({@code --gc-interval}): it runs
 * {@code bundlectl gc --delete} (CRDs kept) on a schedule while this replica leads
 * ({@link dev.bundlectl.controller.collect.PeriodicCollection}), and says what it deleted in the
 * log and as events on the controller itself ({@link dev.bundlectl.controller.collect.CollectionReporter}).
 */
package dev.bundlectl.controller.collect;
