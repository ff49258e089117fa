/**
 * What makes an installed BundleInstall look again besides a change of its own object: its catalog
 * ConfigMap changing (watched, as the install's account) and its catalog or bundle image tag moving
 * to another digest (polled, one manifest {@code HEAD} per tag per interval for the whole fleet).
 * The reconcile itself is unchanged: it plans from the source as it is then, and the upgrade rules
 * of {@code plan.upgrade} decide what that means.
 */
package dev.bundlectl.controller.follow;
