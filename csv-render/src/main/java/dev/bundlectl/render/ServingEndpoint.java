package dev.bundlectl.render;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Service in front of a deployment that serves webhooks, and the Secret that holds its
 * serving certificate: OLM's {@code <deployment>-service} and {@code <service>-cert}.
 *
 * @param deploymentName the CSV deployment that serves the webhooks
 * @param serviceName the Service's name
 * @param secretName the serving-certificate Secret's name
 * @param ports the Service ports, one per distinct webhook port (read-only)
 * @param selector the deployment's {@code spec.selector.matchLabels}
 */
record ServingEndpoint(String deploymentName, String serviceName, String secretName, List<ObjectNode> ports,
        Map<String, String> selector) {

    ServingEndpoint {
        ports = List.copyOf(ports);
        selector = Collections.unmodifiableMap(new LinkedHashMap<>(selector));
    }

    /** The host names the serving certificate must cover, as OLM's are: {@code svc.ns} and {@code svc.ns.svc}. */
    List<String> hostNames(String namespace) {
        return List.of(serviceName + "." + namespace, serviceName + "." + namespace + ".svc");
    }
}
