package dev.bundlectl.executor.connect;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * Where the cluster is and how long a request may take.
 *
 * @param kubeconfig the {@code --kubeconfig} file, or null for {@code KUBECONFIG},
 *     {@code ~/.kube/config} or the in-cluster service account
 * @param context the {@code --context}, or null for the kubeconfig's current context
 * @param requestTimeout how long one request may take before it counts as a (retryable) timeout
 */
public record ConnectionSettings(Path kubeconfig, String context, Duration requestTimeout) {

    public ConnectionSettings {
        Objects.requireNonNull(requestTimeout, "requestTimeout");
        if (requestTimeout.isZero() || requestTimeout.isNegative()) {
            throw new IllegalArgumentException("requestTimeout must be positive");
        }
        if (context != null && context.isBlank()) {
            context = null;
        }
    }

    /** The default kubeconfig and context, with a 30-second request timeout. */
    public static ConnectionSettings defaults() {
        return new ConnectionSettings(null, null, Duration.ofSeconds(30));
    }

    /** These settings with another kubeconfig file. */
    public ConnectionSettings withKubeconfig(Path file) {
        return new ConnectionSettings(file, context, requestTimeout);
    }

    /** These settings with another context. */
    public ConnectionSettings withContext(String name) {
        return new ConnectionSettings(kubeconfig, name, requestTimeout);
    }
}
