package dev.bundlectl.plan.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;

/**
 * An OpenShift cluster's proxy for everyone ({@code config.openshift.io/v1} {@code Proxy} named
 * {@code cluster}), as OLM hands it to the operators it installs: the three variables OLM's
 * {@code pkg/lib/proxy} makes of the object's status ({@code ToEnvVar}; status, not spec, since the
 * cluster writes the values it checked there), an empty one left out ({@code dropEmptyProxyEnv}).
 *
 * @param httpProxy {@code status.httpProxy}, or empty
 * @param httpsProxy {@code status.httpsProxy}, or empty
 * @param noProxy {@code status.noProxy}, or empty
 */
public record ClusterProxy(String httpProxy, String httpsProxy, String noProxy) {

    /** The group, version, kind and name of the object. */
    public static final String GROUP = "config.openshift.io";
    public static final String VERSION = "v1";
    public static final String KIND = "Proxy";
    public static final String NAME = "cluster";

    /** The names of the three variables, in OLM's order. */
    static final List<String> VARIABLES = List.of("HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY");

    /** No proxy: nothing is injected. */
    public static final ClusterProxy NONE = new ClusterProxy("", "", "");

    public ClusterProxy {
        httpProxy = httpProxy == null ? "" : httpProxy;
        httpsProxy = httpsProxy == null ? "" : httpsProxy;
        noProxy = noProxy == null ? "" : noProxy;
    }

    /** The proxy a {@code Proxy} object's status gives. */
    public static ClusterProxy of(JsonNode proxy) {
        JsonNode status = proxy.path("status");
        return new ClusterProxy(status.path("httpProxy").asText(""), status.path("httpsProxy").asText(""),
                status.path("noProxy").asText(""));
    }

    /** The variables to inject, the empty ones left out. */
    List<ObjectNode> env() {
        List<ObjectNode> env = new ArrayList<>();
        List<String> values = List.of(httpProxy, httpsProxy, noProxy);
        for (int i = 0; i < VARIABLES.size(); i++) {
            if (!values.get(i).isEmpty()) {
                env.add(JsonNodeFactory.instance.objectNode().put("name", VARIABLES.get(i)).put("value", values.get(i)));
            }
        }
        return env;
    }

    /** Whether the proxy sets nothing. */
    public boolean isEmpty() {
        return env().isEmpty();
    }

    /**
     * Whether a configuration's variables take the proxy's place: any one of the three, as OLM's
     * {@code proxy.IsOverridden} has it, keeps all three from being injected.
     */
    static boolean overriddenBy(List<ObjectNode> configEnv) {
        return configEnv.stream().anyMatch(variable -> VARIABLES.contains(variable.path("name").asText()));
    }
}
