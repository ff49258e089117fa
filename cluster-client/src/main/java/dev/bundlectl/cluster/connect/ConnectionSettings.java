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
 * @param apiConnections how many HTTP/1.1 connections the {@link dev.bundlectl.cluster.kube.KubeApi}
 *     keeps open at most: {@link ClusterConnection#API_CONNECTIONS} for a command, more for the
 *     controller, whose workers install at once
 */
public record ConnectionSettings(Path kubeconfig, String context, Duration requestTimeout, Impersonation impersonation,
        int apiConnections) {

    public ConnectionSettings {
        Objects.requireNonNull(requestTimeout, "requestTimeout");
        if (requestTimeout.isZero() || requestTimeout.isNegative()) {
            throw new IllegalArgumentException("requestTimeout must be positive");
        }
        if (apiConnections < 1) {
            throw new IllegalArgumentException("apiConnections must be at least 1");
        }
        if (context != null && context.isBlank()) {
            context = null;
        }
        impersonation = impersonation == null ? Impersonation.NONE : impersonation;
    }

    /** Settings with a command's {@link ClusterConnection#API_CONNECTIONS} connections. */
    public ConnectionSettings(Path kubeconfig, String context, Duration requestTimeout, Impersonation impersonation) {
        this(kubeconfig, context, requestTimeout, impersonation, ClusterConnection.API_CONNECTIONS);
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
        return new ConnectionSettings(file, context, requestTimeout, impersonation, apiConnections);
    }

    /** These settings with another context. */
    public ConnectionSettings withContext(String name) {
        return new ConnectionSettings(kubeconfig, name, requestTimeout, impersonation, apiConnections);
    }

    /** These settings acting as {@code who} over the kubeconfig's own impersonation. */
    public ConnectionSettings withImpersonation(Impersonation who) {
        return new ConnectionSettings(kubeconfig, context, requestTimeout, who, apiConnections);
    }

    /** These settings with at most {@code connections} kept-alive connections for the API. */
    public ConnectionSettings withApiConnections(int connections) {
        return new ConnectionSettings(kubeconfig, context, requestTimeout, impersonation, connections);
    }
}
