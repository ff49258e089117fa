/**
 * Planning against a live cluster, as one asynchronous facade
 * ({@link dev.bundlectl.executor.planning.ClusterPlanning}): the cluster is read once (the API
 * discovery it serves, its ClusterVersion capabilities, the excluded objects that already exist,
 * the target's latest install record), the planner runs with those answers, and both come back
 * together ({@link dev.bundlectl.executor.planning.ClusterPlan}). Whoever installs the plan takes
 * the answers from there, the first-install decision included, and never reads them again.
 */
package dev.bundlectl.executor.planning;
