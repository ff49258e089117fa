/**
 * Runs an InstallPlan against a cluster. Entry points: {@link dev.bundlectl.executor.ClusterConnection}
 * (kubeconfig, Vert.x, fabric8), {@link dev.bundlectl.executor.StepExecutor} (start a plan),
 * {@link dev.bundlectl.executor.ExecutionOptions}, {@link dev.bundlectl.executor.StepEvent}.
 */
package dev.bundlectl.executor;
