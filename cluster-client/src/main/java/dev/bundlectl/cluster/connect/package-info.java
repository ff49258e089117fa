/**
 * Connecting to a cluster: kubeconfig loading (with impersonation and TLS verification kept on
 * unless the kubeconfig turns it off), the owned Vert.x instance and fabric8's client on it
 * ({@link dev.bundlectl.cluster.connect.ClusterConnection}); and, for commands that never connect,
 * the current context's namespace alone ({@link dev.bundlectl.cluster.connect.KubeconfigNamespace}).
 */
package dev.bundlectl.cluster.connect;
