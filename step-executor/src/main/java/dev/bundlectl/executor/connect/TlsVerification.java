package dev.bundlectl.executor.connect;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.bundlectl.bundle.yaml.InputFileException;
import dev.bundlectl.bundle.yaml.SafeYaml;
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
            for (JsonNode named : read(file).path("clusters")) {
                if (clusterName.equals(named.path("name").asText(null))) {
                    JsonNode insecure = named.path("cluster").path("insecure-skip-tls-verify");
                    return insecure.isBoolean() ? insecure.booleanValue() : "true".equals(insecure.asText());
                }
            }
        }
        return false;
    }

    // Read as a plain tree: fabric8's typed kubeconfig model costs a fresh JVM a second round of
    // Jackson set-up (a new mapper and its deserializers) for the one flag wanted here.
    private static JsonNode read(Path file) {
        if (!Files.isRegularFile(file)) {
            return MissingNode.getInstance();
        }
        try {
            return SafeYaml.readTree(SafeYaml.readText(file, SafeYaml.DEFAULT_MAX_BYTES), file.toString());
        } catch (InputFileException unreadable) {
            // fabric8 has already read this file successfully; if it cannot be read again, the
            // safe answer is "not insecure".
            return MissingNode.getInstance();
        }
    }
}
