/**
 * Kinds of Kubernetes objects, named once.
 *
 * <ul>
 *   <li>{@link dev.bundlectl.bundle.kinds.GroupKind}: an API group and a kind, version-free; the
 *       key for "which kind is this" and the home of the well-known kinds (CSV, CRD, core, RBAC).</li>
 * </ul>
 */
package dev.bundlectl.bundle.kinds;
