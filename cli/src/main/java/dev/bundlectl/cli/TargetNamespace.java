package dev.bundlectl.cli;

import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.cluster.connect.KubeconfigNamespace;

/**
 * kubectl's namespace rule, the same for every command: {@code -n}, else the namespace of the
 * kubeconfig's current context, else {@code default}. One rule, so that a plain {@code status}
 * finds what a plain {@code install} created.
 */
final class TargetNamespace {

    /** The namespace when neither {@code -n} nor the context names one. */
    static final String DEFAULT = "default";

    private TargetNamespace() {
    }

    /** The namespace for a command connected to a cluster: {@code flag}, else the connection's context's. */
    static String of(String flag, ClusterConnection connection) {
        return flag != null ? flag : orDefault(connection.contextNamespace());
    }

    /**
     * The namespace for an offline command: {@code flag}, else the current context's namespace of
     * a kubeconfig found the usual way ({@code KUBECONFIG}, {@code ~/.kube/config}), else
     * {@code default}. Offline work must not depend on a kubeconfig, so one that cannot be read
     * counts as none; and it reads that one string without fabric8's client configuration, which
     * cost an offline plan half a second ({@link KubeconfigNamespace}).
     */
    static String offline(String flag) {
        return flag != null ? flag : orDefault(KubeconfigNamespace.ofThisProcess().read().orElse(null));
    }

    private static String orDefault(String contextNamespace) {
        return contextNamespace == null || contextNamespace.isBlank() ? DEFAULT : contextNamespace;
    }
}
