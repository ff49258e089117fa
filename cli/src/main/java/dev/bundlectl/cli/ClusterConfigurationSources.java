package dev.bundlectl.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;

/**
 * Whether anything fabric8's {@code Config.autoConfigure} reads a namespace from is present, so
 * that an offline command on a machine with no cluster configured at all (a CI job checking a
 * catalog, say) can take {@code default} without starting fabric8: loading its {@code Config}
 * class alone initialises SLF4J and cost {@code plan} 15-30 ms (bench/README.md).
 *
 * <p>Deliberately wide: any {@code KUBERNETES_*} variable or {@code kubernetes.*} property,
 * {@code KUBECONFIG}, {@code KUBENAMESPACE}, a kubeconfig at the home directory's
 * {@code .kube/config} (by {@code HOME} or {@code user.home}), or a service account's namespace file
 * counts as present, and fabric8 then decides as before.
 */
final class ClusterConfigurationSources {

    static final Path SERVICE_ACCOUNT_NAMESPACE = Path.of("/var/run/secrets/kubernetes.io/serviceaccount/namespace");

    private ClusterConfigurationSources() {
    }

    /** For this process's environment, system properties and file system. */
    static boolean noneHere() {
        return noneIn(System.getenv(), System.getProperties(), SERVICE_ACCOUNT_NAMESPACE);
    }

    /**
     * @param environment the environment variables
     * @param properties the system properties
     * @param serviceAccountNamespace the in-cluster namespace file
     */
    static boolean noneIn(Map<String, String> environment, Properties properties, Path serviceAccountNamespace) {
        for (String name : environment.keySet()) {
            if (name.startsWith("KUBERNETES_") || name.equals("KUBECONFIG") || name.equals("KUBENAMESPACE")) {
                return false;
            }
        }
        for (String name : properties.stringPropertyNames()) {
            if (name.startsWith("kubernetes.") || name.equals("kubeconfig") || name.equals("kubenamespace")) {
                return false;
            }
        }
        return !kubeconfigUnder(environment.get("HOME")) && !kubeconfigUnder(properties.getProperty("user.home"))
                && !Files.exists(serviceAccountNamespace);
    }

    private static boolean kubeconfigUnder(String home) {
        return home != null && !home.isEmpty() && Files.exists(Path.of(home, ".kube", "config"));
    }
}
