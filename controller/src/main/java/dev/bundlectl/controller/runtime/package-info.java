/**
 * Running reconciles: a fabric8 informer feeds a de-duplicating
 * {@link dev.bundlectl.controller.runtime.WorkQueue} that worker threads drain
 * ({@link dev.bundlectl.controller.runtime.ControllerLoop}), only while this replica holds the Lease
 * when leader election is on ({@link dev.bundlectl.controller.runtime.LeaderElection}).
 */
package dev.bundlectl.controller.runtime;
