package dev.bundlectl.executor.testing;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.model.InstallPlanPhase;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepResource;
import dev.bundlectl.plan.model.StepStatus;
import java.util.List;
import java.util.Map;

/** Manifests, steps and plans for tests, built the way the planner builds them. */
public final class Manifests {

    public static final String NS = "operators";
    public static final String CSV_NAME = "demo-operator.v1.0.0";

    private static final ObjectMapper JSON = new ObjectMapper();

    private Manifests() {
    }

    public static ObjectNode object(String apiVersion, String kind, String name) {
        ObjectNode object = JSON.createObjectNode();
        object.put("apiVersion", apiVersion);
        object.put("kind", kind);
        object.putObject("metadata").put("name", name);
        return object;
    }

    public static ObjectNode crd(String group, String plural, String kind, String... versions) {
        ObjectNode crd = object("apiextensions.k8s.io/v1", "CustomResourceDefinition", plural + "." + group);
        ObjectNode spec = crd.putObject("spec");
        spec.put("group", group);
        spec.put("scope", "Namespaced");
        spec.putObject("names").put("kind", kind).put("plural", plural).put("singular", kind.toLowerCase())
                .put("listKind", kind + "List");
        ArrayNode list = spec.putArray("versions");
        for (int i = 0; i < versions.length; i++) {
            ObjectNode version = list.addObject().put("name", versions[i]).put("served", true).put("storage", i == 0);
            version.putObject("schema").putObject("openAPIV3Schema").put("type", "object")
                    .put("x-kubernetes-preserve-unknown-fields", true);
        }
        return crd;
    }

    public static ObjectNode csv() {
        ObjectNode csv = object("operators.coreos.com/v1alpha1", "ClusterServiceVersion", CSV_NAME);
        csv.putObject("spec").put("displayName", "Demo").put("version", "1.0.0");
        return csv;
    }

    public static ObjectNode service(String name) {
        ObjectNode service = object("v1", "Service", name);
        ObjectNode spec = service.putObject("spec");
        spec.putObject("selector").put("app", name);
        spec.putArray("ports").addObject().put("port", 8443).put("targetPort", 8443);
        return service;
    }

    public static ObjectNode serviceAccount(String name) {
        return object("v1", "ServiceAccount", name);
    }

    public static ObjectNode configMap(String name, Map<String, String> data) {
        ObjectNode map = object("v1", "ConfigMap", name);
        ObjectNode content = map.putObject("data");
        data.forEach(content::put);
        return map;
    }

    public static ObjectNode clusterRole(String name) {
        ObjectNode role = object("rbac.authorization.k8s.io/v1", "ClusterRole", name);
        ObjectNode rule = role.putArray("rules").addObject();
        rule.putArray("verbs").add("get");
        rule.putArray("apiGroups").add("");
        rule.putArray("resources").add("configmaps");
        return role;
    }

    public static ObjectNode clusterRoleBinding(String name, String role) {
        ObjectNode binding = object("rbac.authorization.k8s.io/v1", "ClusterRoleBinding", name);
        binding.putObject("roleRef").put("apiGroup", "rbac.authorization.k8s.io").put("kind", "ClusterRole")
                .put("name", role);
        binding.putArray("subjects").addObject().put("kind", "ServiceAccount").put("name", "demo").put("namespace", NS);
        return binding;
    }

    public static ObjectNode serviceMonitor(String name) {
        ObjectNode monitor = object("monitoring.coreos.com/v1", "ServiceMonitor", name);
        monitor.putObject("spec").putArray("endpoints").addObject().put("port", "metrics");
        return monitor;
    }

    public static ObjectNode verticalPodAutoscaler(String name) {
        ObjectNode vpa = object("autoscaling.k8s.io/v1", "VerticalPodAutoscaler", name);
        vpa.putObject("spec").putObject("targetRef").put("apiVersion", "apps/v1").put("kind", "Deployment")
                .put("name", "demo");
        return vpa;
    }

    public static ObjectNode annotate(ObjectNode manifest, String key, String value) {
        ObjectNode metadata = (ObjectNode) manifest.get("metadata");
        ObjectNode annotations = metadata.has("annotations")
                ? (ObjectNode) metadata.get("annotations")
                : metadata.putObject("annotations");
        annotations.put(key, value);
        return manifest;
    }

    /** A step for a manifest, as the planner makes it: namespaced kinds get the install namespace. */
    public static Step step(ObjectNode manifest, boolean namespaced, boolean optional) {
        return step(manifest, namespaced, optional, StepStatus.UNKNOWN);
    }

    public static Step step(ObjectNode manifest, boolean namespaced, boolean optional, StepStatus status) {
        String apiVersion = manifest.path("apiVersion").asText();
        int slash = apiVersion.indexOf('/');
        String group = slash < 0 ? "" : apiVersion.substring(0, slash);
        String version = slash < 0 ? apiVersion : apiVersion.substring(slash + 1);
        StepResource resource = new StepResource(group, version, manifest.path("kind").asText(),
                manifest.path("metadata").path("name").asText(), namespaced ? NS : null, "demo-operator",
                "bundles/demo", write(manifest));
        return new Step(CSV_NAME, resource, optional, status, null);
    }

    /** The same step, targeted at another namespace. */
    public static Step inNamespace(Step step, String namespace) {
        return step.withResource(step.resource().withNamespace(namespace));
    }

    public static Step required(ObjectNode manifest, boolean namespaced) {
        return step(manifest, namespaced, false);
    }

    public static Step optional(ObjectNode manifest, boolean namespaced) {
        return step(manifest, namespaced, true);
    }

    public static InstallPlan plan(Step... steps) {
        return plan(List.of(steps));
    }

    public static InstallPlan plan(List<Step> steps) {
        return new InstallPlan(new InstallPlan.Metadata("install-demo", NS, Map.of()),
                new InstallPlan.Spec("Automatic", true, List.of(CSV_NAME)),
                new InstallPlan.Status(InstallPlanPhase.INSTALLING, List.of(), steps, null, null, null, null));
    }

    public static String write(ObjectNode manifest) {
        try {
            return JSON.writeValueAsString(manifest);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    public static ObjectNode read(String json) {
        try {
            return (ObjectNode) JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
