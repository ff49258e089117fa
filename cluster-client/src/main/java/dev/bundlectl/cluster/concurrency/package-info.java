/**
 * Limits on asynchronous work.
 *
 * <ul>
 *   <li>{@link dev.bundlectl.cluster.concurrency.BoundedConcurrency}: starts queued async tasks
 *       with at most N in flight, in queue order, until told to stop; the one limiter behind step
 *       schedules, the payload graph walk and existing-object lookups.</li>
 * </ul>
 */
package dev.bundlectl.cluster.concurrency;
