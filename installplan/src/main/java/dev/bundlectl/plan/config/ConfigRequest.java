package dev.bundlectl.plan.config;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.Diagnostics;
import dev.bundlectl.crdschema.FieldError;
import dev.bundlectl.plan.model.PlanCondition;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The configuration a plan puts into the operator's Deployments (docs/semantics.md §10), and what
 * the plan says of it: where it came from (the {@value #CONDITION} condition) and, in render mode,
 * the cluster's proxy, which OLM would inject on OpenShift.
 *
 * @param config the configuration in effect; {@link OperatorConfig#NONE} for none
 * @param location where it is written, for problems found with the bundle; null when there is none
 * @param reason the condition's reason ({@code Given}, {@code Recorded}, {@code Reset}), or null for
 *     no condition: nothing was ever configured
 * @param message how the configuration came to be in effect, the condition's message before the summary
 * @param proxy the cluster's proxy as planning read it
 */
public record ConfigRequest(OperatorConfig config, ConfigLocation location, String reason, String message,
        ProxyReading proxy) {

    /** The condition's type. */
    public static final String CONDITION = "OperatorConfig";

    /** No configuration, nothing to say, no proxy. */
    public static final ConfigRequest NONE = new ConfigRequest(OperatorConfig.NONE, null, null, null,
            ProxyReading.NOT_SERVED);

    public ConfigRequest {
        Objects.requireNonNull(config, "config");
        proxy = proxy == null ? ProxyReading.NOT_SERVED : proxy;
        if (!config.isEmpty() && location == null) {
            throw new IllegalArgumentException("a configuration needs its location");
        }
    }

    /**
     * Whether a configuration is in play: one is in effect, or one recorded is dropped. The plan then
     * records it (an empty one too), and an OLM-mode CSV carries its digest, so that a CSV written
     * with another is updated (docs/semantics.md §10).
     */
    public boolean inPlay() {
        return reason != null || !config.isEmpty();
    }

    /** This request with the cluster's proxy as read. */
    public ConfigRequest withProxy(ProxyReading newProxy) {
        return new ConfigRequest(config, location, reason, message, newProxy);
    }

    /**
     * What to inject into each Deployment: the configuration, and in render mode the cluster's proxy
     * (OLM injects it itself in OLM mode).
     */
    public ConfigInjection injection(boolean renders) {
        ClusterProxy clusterProxy = renders && proxy instanceof ProxyReading.Found found ? found.proxy()
                : ClusterProxy.NONE;
        return ConfigInjection.of(config, clusterProxy);
    }

    /** The proxy a rendered plan injects: the cluster's, unless the configuration sets its own; null for none. */
    public ClusterProxy injectedProxy() {
        return proxy instanceof ProxyReading.Found found && !found.proxy().isEmpty()
                && !ClusterProxy.overriddenBy(config.env()) ? found.proxy() : null;
    }

    /**
     * Why a rendered plan cannot give the operator the cluster's proxy: OpenShift's Proxy API is
     * served but its object could not be read, and the configuration sets none of the variables.
     */
    public Optional<String> proxyProblem() {
        if (proxy instanceof ProxyReading.Unreadable unreadable && !ClusterProxy.overriddenBy(config.env())) {
            return Optional.of("cannot give the operator the cluster's proxy, as OLM would on OpenShift: "
                    + ClusterProxy.KIND + "/" + ClusterProxy.NAME + " cannot be read (" + unreadable.reason()
                    + "); allow get on proxies." + ClusterProxy.GROUP + ", or set HTTP_PROXY, HTTPS_PROXY or "
                    + "NO_PROXY in the configuration");
        }
        return Optional.empty();
    }

    /** Each mount of the configuration that names no volume of the Deployment, as an error naming the source. */
    public void checkMounts(ObjectNode deploymentSpec, String deployment, Diagnostics.Collector errors) {
        if (config.volumeMounts().isEmpty()) {
            return;
        }
        List<FieldError> problems = MountedVolumes.problems(config, deploymentSpec, deployment);
        problems.forEach(problem -> location.report(problem, errors));
    }

    /** The {@value #CONDITION} condition, or empty when there is nothing to say. */
    public Optional<PlanCondition> condition() {
        if (reason == null) {
            return Optional.empty();
        }
        String summary = config.isEmpty() ? "the operator runs as its bundle wrote it"
                : "the operator's Deployments get " + config.summary();
        return Optional.of(new PlanCondition(CONDITION, config.isEmpty() ? "False" : "True", reason,
                message == null ? summary : message + ": " + summary, null));
    }

    /**
     * What a rendered CSV's step says of the cluster's proxy: the variables injected, as OLM
     * injects them on OpenShift, or that the configuration's own took their place; empty when the
     * cluster has none.
     */
    public Optional<String> proxyNote() {
        if (!(proxy instanceof ProxyReading.Found found) || found.proxy().isEmpty()) {
            return Optional.empty();
        }
        String source = ClusterProxy.KIND + "/" + ClusterProxy.NAME;
        if (ClusterProxy.overriddenBy(config.env())) {
            return Optional.of("the cluster's proxy (" + source + ") not injected: the configuration sets its own");
        }
        return Optional.of("the cluster's proxy injected as OLM does on OpenShift (" + source + "): "
                + String.join(", ", found.proxy().env().stream().map(v -> v.path("name").asText()).toList()));
    }

    /** What the CSV's step adds to its message: whether it was configured, and with what; empty for nothing. */
    public Optional<String> stepNote() {
        return config.isEmpty() ? Optional.empty()
                : Optional.of("configured with " + config.summary() + " (" + location.source()
                        + (location.object() == null ? "" : " " + location.object()) + ")");
    }
}
