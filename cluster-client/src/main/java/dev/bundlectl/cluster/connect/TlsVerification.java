package dev.bundlectl.cluster.connect;

import io.fabric8.kubernetes.api.model.Cluster;
import io.fabric8.kubernetes.api.model.NamedCluster;
import io.fabric8.kubernetes.api.model.NamedContext;
import io.fabric8.kubernetes.client.Config;
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
    static void enforce(Config config, List<Path> kubeconfigFiles, KubeconfigModels models) {
        boolean insecure = kubeconfigSaysInsecure(config.getCurrentContext(), kubeconfigFiles, models);
        config.setTrustCerts(insecure);
        config.setDisableHostnameVerification(insecure);
    }

    static boolean kubeconfigSaysInsecure(NamedContext current, List<Path> kubeconfigFiles, KubeconfigModels models) {
        if (current == null || current.getContext() == null || current.getContext().getCluster() == null) {
            return false;
        }
        String clusterName = current.getContext().getCluster();
        // Merged kubeconfigs take the first definition of a name, as kubectl does.
        for (Path file : kubeconfigFiles) {
            io.fabric8.kubernetes.api.model.Config parsed = read(file, models);
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

    // The model the configuration was made from (fabric8 has just read the file successfully).
    private static io.fabric8.kubernetes.api.model.Config read(Path file, KubeconfigModels models) {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            return models.of(file);
        } catch (RuntimeException unreadable) {
            // If it cannot be read again, the safe answer is "not insecure".
            return null;
        }
    }
}
