/**
 * The one retry policy for requests to the API server ({@link dev.bundlectl.cluster.retry.RetryPolicy}),
 * shared by the executor's steps, install records and uninstall, and a
 * {@link dev.bundlectl.cluster.kube.KubeApi} that applies it to every request
 * ({@link dev.bundlectl.cluster.retry.RetryingKubeApi}).
 */
package dev.bundlectl.cluster.retry;
