/**
 * The one retry policy for requests to the API server ({@link dev.bundlectl.executor.retry.RetryPolicy}),
 * shared by the executor's steps, install records and uninstall, and a
 * {@link dev.bundlectl.executor.kube.KubeApi} that applies it to every request
 * ({@link dev.bundlectl.executor.retry.RetryingKubeApi}).
 */
package dev.bundlectl.executor.retry;
