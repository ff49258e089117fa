package dev.bundlectl.plan.config;

import java.util.Objects;

/**
 * What planning found of the cluster's proxy, which render mode gives the operator as OLM does on
 * OpenShift (docs/semantics.md §10).
 */
public sealed interface ProxyReading {

    /** Offline, or a cluster that does not serve OpenShift's {@code Proxy} API: nothing to inject. */
    ProxyReading NOT_SERVED = new NotServed();

    /** The API is not served, or nothing was read. */
    record NotServed() implements ProxyReading {
    }

    /**
     * The {@code cluster} object as read; {@link ClusterProxy#NONE} when the API is served without one.
     *
     * @param proxy the proxy its status gives
     */
    record Found(ClusterProxy proxy) implements ProxyReading {

        public Found {
            Objects.requireNonNull(proxy, "proxy");
        }
    }

    /**
     * The API is served but the object could not be read (a 403, a server that keeps failing): a
     * plan that renders without a configuration of its own proxy variables is refused, as OLM fails
     * to install a Deployment when it cannot query the proxy.
     *
     * @param reason what the server answered
     */
    record Unreadable(String reason) implements ProxyReading {

        public Unreadable {
            Objects.requireNonNull(reason, "reason");
        }
    }
}
