package dev.bundlectl.cluster.connect;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * Where the cluster is, whom to act as there, and how long a request may take.
 *
 * @param kubeconfig the {@code --kubeconfig} file, or null for {@code KUBECONFIG},
 *     {@code ~/.kube/config} or the in-cluster service account
 * @param context the {@code --context}, or null for the kubeconfig's current context
 * @param requestTimeout how long one request may take before it counts as a (retryable) timeout
 * @param impersonation {@code --as}, {@code --as-group} and {@code --as-uid}, put field by field over
 *     the kubeconfig user's own ({@link Impersonation#overriddenBy}); {@link Impersonation#NONE} for none
 */
public record ConnectionSettings(Path kubeconfig, String context, Duration requestTimeout, Impersonation impersonation) {

    public ConnectionSettings {
        Objects.requireNonNull(requestTimeout, "requestTimeout");
        if (requestTimeout.isZero() || requestTimeout.isNegative()) {
            throw new IllegalArgumentException("requestTimeout must be positive");
        }
        if (context != null && context.isBlank()) {
            context = null;
        }
        impersonation = impersonation == null ? Impersonation.NONE : impersonation;
    }

    /** Settings that impersonate nobody beyond what the kubeconfig says. */
    public ConnectionSettings(Path kubeconfig, String context, Duration requestTimeout) {
        this(kubeconfig, context, requestTimeout, Impersonation.NONE);
    }

    /** The default kubeconfig and context, with a 30-second request timeout. */
    public static ConnectionSettings defaults() {
        return new ConnectionSettings(null, null, Duration.ofSeconds(30));
    }

    /** These settings with another kubeconfig file. */
    public ConnectionSettings withKubeconfig(Path file) {
        return new ConnectionSettings(file, context, requestTimeout, impersonation);
    }

    /** These settings with another context. */
    public ConnectionSettings withContext(String name) {
        return new ConnectionSettings(kubeconfig, name, requestTimeout, impersonation);
    }

    /** These settings acting as {@code who} over the kubeconfig's own impersonation. */
    public ConnectionSettings withImpersonation(Impersonation who) {
        return new ConnectionSettings(kubeconfig, context, requestTimeout, who);
    }
}
