/**
 * The collector of what bundlectl left behind (docs/semantics.md §8, "Collecting what is left"):
 * every object an install marked or labelled, cluster-scoped or in a namespace other than its
 * install's, whose owners are all gone. {@link dev.bundlectl.executor.gc.LeftoverCollector} finds
 * them ({@link dev.bundlectl.executor.gc.ClusterScan} reads every kind the cluster serves) and, when
 * asked, deletes them; CRDs only when asked for them too.
 */
package dev.bundlectl.executor.gc;
