package dev.bundlectl.executor.connect;

import io.fabric8.kubernetes.api.model.Cluster;
import io.fabric8.kubernetes.api.model.NamedCluster;
import io.fabric8.kubernetes.api.model.NamedContext;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.internal.KubeConfigUtils;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Keeps TLS verification on unless the kubeconfig cluster in use says
 * {@code insecure-skip-tls-verify: true}. fabric8 also turns verification off for the
 * {@code kubernetes.trust.certificates} system property or {@code KUBERNETES_TRUST_CERTIFICATES}
 * environment variable; bundlectl does not let an ambient setting weaken TLS.
 */
final class TlsVerification {

    private TlsVerification() {
    }

    /** Sets the config's trust and hostname verification from the kubeconfig alone. */
    static void enforce(Config config, List<Path> kubeconfigFiles) {
        boolean insecure = kubeconfigSaysInsecure(config.getCurrentContext(), kubeconfigFiles);
        config.setTrustCerts(insecure);
        config.setDisableHostnameVerification(insecure);
    }

    static boolean kubeconfigSaysInsecure(NamedContext current, List<Path> kubeconfigFiles) {
        if (current == null || current.getContext() == null || current.getContext().getCluster() == null) {
            return false;
        }
        String clusterName = current.getContext().getCluster();
        // Merged kubeconfigs take the first definition of a name, as kubectl does.
        for (Path file : kubeconfigFiles) {
            io.fabric8.kubernetes.api.model.Config parsed = read(file);
            if (parsed == null || parsed.getClusters() == null) {
                continue;
            }
            for (NamedCluster named : parsed.getClusters()) {
                if (clusterName.equals(named.getName())) {
                    Cluster cluster = named.getCluster();
                    return cluster != null && Boolean.TRUE.equals(cluster.getInsecureSkipTlsVerify());
                }
            }
        }
        return false;
    }

    // Through fabric8's shared parser, as KubeconfigImpersonation reads it: fabric8 has just read the
    // same file with it, so its deserializers are warm. A mapper of its own cost a fresh JVM a second
    // round of Jackson set-up (3 % of an install re-run's samples, bench/README.md).
    private static io.fabric8.kubernetes.api.model.Config read(Path file) {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            return KubeConfigUtils.parseConfig(file.toFile());
        } catch (RuntimeException unreadable) {
            // fabric8 has already read this file successfully; if it cannot be read again, the
            // safe answer is "not insecure".
            return null;
        }
    }
}
