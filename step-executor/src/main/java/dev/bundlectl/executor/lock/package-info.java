/**
 * One operation at a time per package and namespace (docs/semantics.md §3, "One operation at a
 * time"): a lock kept in the cluster as a {@code coordination.k8s.io/v1} Lease, taken
 * optimistically from the state an operation read while it planned, renewed while the operation
 * runs, and free again when it is released or its holder's lease expires.
 * <ul>
 *   <li>{@link dev.bundlectl.executor.lock.PackageLock}: reads, takes and waits for the lock of one package in one namespace.</li>
 *   <li>{@link dev.bundlectl.executor.lock.LockState}: free (with an expired holder, perhaps) or held, and its one line for users.</li>
 *   <li>{@link dev.bundlectl.executor.lock.Acquisition}: taken, or the Lease changed since it was read.</li>
 *   <li>{@link dev.bundlectl.executor.lock.HeldLock}: a lock this operation holds: renewed, lost or released.</li>
 *   <li>{@link dev.bundlectl.executor.lock.LockLoss}: how a held lock was lost.</li>
 *   <li>{@link dev.bundlectl.executor.lock.LockSettings}: lease duration, renewals, polling, clock and retries.</li>
 * </ul>
 */
package dev.bundlectl.executor.lock;
