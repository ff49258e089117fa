package dev.bundlectl.render;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Works out the webhook Services: one per deployment that serves webhooks, with one port per
 * distinct {@code containerPort}/{@code targetPort} pair, as OLM builds them.
 */
final class ServingEndpoints {

    private ServingEndpoints() {
    }

    /** The endpoints by deployment name, in the order the webhooks first name them. */
    static Map<String, ServingEndpoint> plan(CsvSpec csv, RenderProblems problems) {
        Map<String, List<WebhookDefinition>> byDeployment = new LinkedHashMap<>();
        for (WebhookDefinition webhook : csv.webhooks()) {
            if (csv.deployment(webhook.deploymentName()) == null) {
                problems.add(webhook.field() + ".deploymentName", "webhook " + webhook.generateName()
                        + " names deployment " + webhook.deploymentName()
                        + ", which is not in spec.install.spec.deployments");
                continue;
            }
            byDeployment.computeIfAbsent(webhook.deploymentName(), name -> new ArrayList<>()).add(webhook);
        }
        Map<String, ServingEndpoint> endpoints = new LinkedHashMap<>();
        byDeployment.forEach((deploymentName, webhooks) -> {
            StrategyDeployment deployment = csv.deployment(deploymentName);
            Map<String, String> selector = deployment.matchLabels();
            if (selector.isEmpty()) {
                problems.add(deployment.field() + ".spec.selector.matchLabels", "missing: the webhook Service of"
                        + " deployment " + deploymentName + " selects its pods with these labels");
                return;
            }
            String service = RenderNames.webhookService(deploymentName);
            endpoints.put(deploymentName, new ServingEndpoint(deploymentName, service,
                    RenderNames.servingSecret(service), ports(webhooks, problems), selector));
        });
        return endpoints;
    }

    private static List<ObjectNode> ports(List<WebhookDefinition> webhooks, RenderProblems problems) {
        Map<Integer, WebhookDefinition> byPort = new LinkedHashMap<>();
        List<ObjectNode> ports = new ArrayList<>();
        for (WebhookDefinition webhook : webhooks) {
            WebhookDefinition earlier = byPort.putIfAbsent(webhook.containerPort(), webhook);
            if (earlier == null) {
                ObjectNode port = Json.object();
                port.put("name", Integer.toString(webhook.containerPort()));
                port.put("port", webhook.containerPort());
                port.set("targetPort", webhook.targetPort().deepCopy());
                ports.add(port);
            } else if (!earlier.targetPort().equals(webhook.targetPort())) {
                problems.add(webhook.field() + ".targetPort", "webhooks " + earlier.generateName() + " and "
                        + webhook.generateName() + " both use port " + webhook.containerPort() + " of deployment "
                        + webhook.deploymentName() + " but with different target ports ("
                        + earlier.targetPort().asText() + ", " + webhook.targetPort().asText() + ")");
            }
        }
        return ports;
    }
}
