package dev.bundlectl.plan.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Puts a configuration into the operator's Deployments exactly as OLM's olm-operator puts a
 * Subscription's {@code spec.config} into the Deployments it creates for a CSV
 * ({@code pkg/controller/operators/olm/overrides}, {@code DeploymentInitializer.initialize}), in its
 * order, each step following one function of its {@code overrides/inject} package
 * (docs/semantics.md §10):
 * <ol>
 *   <li>{@code env}, with the cluster's proxy variables unless the configuration sets one of them
 *       ({@code InjectEnvIntoDeployment}, {@code mergeEnvVars}): merged by name into every
 *       container, the configuration winning;</li>
 *   <li>{@code envFrom} ({@code InjectEnvFromIntoDeployment}): added unless the container has an
 *       equal one;</li>
 *   <li>{@code volumes} ({@code InjectVolumesIntoDeployment}): one of the same name replaced, else added;</li>
 *   <li>{@code volumeMounts} ({@code InjectVolumeMountsIntoDeployment}): the same, by volume name, in every container;</li>
 *   <li>{@code tolerations} ({@code InjectTolerationsIntoDeployment}): added unless an equal one is there;</li>
 *   <li>{@code resources} ({@code InjectResourcesIntoDeployment}): every container's replaced;</li>
 *   <li>{@code nodeSelector} ({@code InjectNodeSelectorIntoDeployment}): replaced;</li>
 *   <li>{@code affinity} ({@code OverrideDeploymentAffinity}): replaced part by part;</li>
 *   <li>{@code annotations} ({@code InjectAnnotationsIntoDeployment}): added to the Deployment and
 *       its pod template, the ones already there winning.</li>
 * </ol>
 * Only {@code containers} are touched, never {@code initContainers}, as in OLM. "Equal" is Go's
 * {@code reflect.DeepEqual} on the decoded structs ({@link GoEquality}). OLM mode writes the result
 * into the CSV's {@code spec.install.spec.deployments[*].spec} ({@link #intoDeploymentSpec}); render
 * mode into the rendered Deployments ({@link #intoDeployment}): one merge, so both give the same pod
 * template. Immutable; the nodes it inserts are copies.
 */
public final class ConfigInjection {

    private final OperatorConfig config;
    private final List<ObjectNode> env;

    private ConfigInjection(OperatorConfig config, List<ObjectNode> env) {
        this.config = config;
        this.env = env;
    }

    /**
     * The injection of {@code config} and, unless the configuration sets one of the three proxy
     * variables ({@code proxy.IsOverridden}), the cluster's proxy.
     *
     * @param proxy the cluster's proxy; {@link ClusterProxy#NONE} in OLM mode, where OLM injects it itself
     */
    public static ConfigInjection of(OperatorConfig config, ClusterProxy proxy) {
        Objects.requireNonNull(config, "config");
        List<ObjectNode> env = new ArrayList<>(config.env());
        if (!ClusterProxy.overriddenBy(env)) {
            env.addAll(proxy.env());
        }
        return new ConfigInjection(config, List.copyOf(env));
    }

    /** Whether this injection leaves every Deployment as it is. */
    public boolean changesNothing() {
        return config.isEmpty() && env.isEmpty();
    }

    /**
     * Injects into a whole Deployment (render mode): its spec, and the annotations of its metadata
     * and of its pod template.
     */
    public void intoDeployment(ObjectNode deployment) {
        ObjectNode spec = child(deployment, "spec");
        intoDeploymentSpec(spec);
        Map<String, String> annotations = config.annotations();
        if (annotations != null) {
            addMissing(child(child(deployment, "metadata"), "annotations"), annotations);
        }
    }

    /**
     * Injects into a Deployment's spec (OLM mode: a CSV's {@code spec.install.spec.deployments[*].spec},
     * which has no place for the Deployment's own annotations: only the pod template gets them).
     */
    public void intoDeploymentSpec(ObjectNode deploymentSpec) {
        if (changesNothing()) {
            return;
        }
        ObjectNode template = child(deploymentSpec, "template");
        ObjectNode pod = child(template, "spec");
        List<ObjectNode> containers = containers(pod);
        for (ObjectNode container : containers) {
            if (!env.isEmpty()) {
                container.set("env", mergeEnv(container.path("env"), env));
            }
            if (!config.envFrom().isEmpty()) {
                container.set("envFrom", addAbsent(container.path("envFrom"), config.envFrom()));
            }
        }
        if (!config.volumes().isEmpty()) {
            pod.set("volumes", replaceByName(pod.path("volumes"), config.volumes()));
        }
        for (ObjectNode container : containers) {
            if (!config.volumeMounts().isEmpty()) {
                container.set("volumeMounts", replaceByName(container.path("volumeMounts"), config.volumeMounts()));
            }
        }
        if (!config.tolerations().isEmpty()) {
            pod.set("tolerations", addAbsent(pod.path("tolerations"), config.tolerations()));
        }
        ObjectNode resources = config.resources();
        if (resources != null) {
            containers.forEach(container -> container.set("resources", resources.deepCopy()));
        }
        Map<String, String> nodeSelector = config.nodeSelector();
        if (nodeSelector != null) {
            // Go's empty map is left out when written, so an empty selector clears the bundle's.
            if (nodeSelector.isEmpty()) {
                pod.remove("nodeSelector");
            } else {
                ObjectNode selector = pod.putObject("nodeSelector");
                nodeSelector.forEach(selector::put);
            }
        }
        AffinityOverride.apply(pod, config.affinity());
        Map<String, String> annotations = config.annotations();
        if (annotations != null) {
            addMissing(child(child(template, "metadata"), "annotations"), annotations);
        }
    }

    /**
     * {@code mergeEnvVars}: the container's variables in their places, each taking the value the
     * configuration gives its name, then the configuration's other variables in its order. As in
     * Go, a name the container lists twice leaves an empty variable in the second place (the map
     * entry was taken by the first), which the API server then refuses, as it refuses OLM's.
     */
    private static ArrayNode mergeEnv(JsonNode containerEnv, List<ObjectNode> configEnv) {
        Map<String, JsonNode> byName = new LinkedHashMap<>();
        containerEnv.forEach(variable -> byName.put(variable.path("name").asText(""), variable));
        configEnv.forEach(variable -> byName.put(variable.path("name").asText(""), variable));
        ArrayNode merged = JsonNodeFactory.instance.arrayNode();
        for (JsonNode variable : containerEnv) {
            JsonNode value = byName.remove(variable.path("name").asText(""));
            merged.add(value == null ? JsonNodeFactory.instance.objectNode() : value.deepCopy());
        }
        for (ObjectNode variable : configEnv) {
            // Not taken out: Go's loop reads the map without deleting, so a name the configuration
            // lists twice is added twice, both times with its last value.
            JsonNode value = byName.get(variable.path("name").asText(""));
            if (value != null) {
                merged.add(value.deepCopy());
            }
        }
        return merged;
    }

    /**
     * {@code mergeEnvFromVars} and {@code mergeTolerations}: each new entry added unless one of the
     * entries already there is equal to it (new entries are not compared with each other).
     */
    private static ArrayNode addAbsent(JsonNode existing, List<ObjectNode> added) {
        ArrayNode merged = existing.isArray() ? ((ArrayNode) existing).deepCopy() : JsonNodeFactory.instance.arrayNode();
        for (ObjectNode entry : added) {
            boolean present = false;
            for (JsonNode before : existing) {
                present |= GoEquality.deepEqual(before, entry);
            }
            if (!present) {
                merged.add(entry.deepCopy());
            }
        }
        return merged;
    }

    /**
     * {@code mergeVolumes} and {@code mergeVolumeMounts}: an entry of the same name replaced in
     * place (the first, as {@code findVolume} finds it), else the new one added at the end. (In
     * Go the replacement is written into the list the function started from, and can be lost when
     * an earlier addition has already moved the list; bundlectl replaces whatever the order, as
     * the functions mean to: docs/semantics.md §10.)
     */
    private static ArrayNode replaceByName(JsonNode existing, List<ObjectNode> added) {
        ArrayNode merged = existing.isArray() ? ((ArrayNode) existing).deepCopy() : JsonNodeFactory.instance.arrayNode();
        int original = merged.size();
        for (ObjectNode entry : added) {
            String name = entry.path("name").asText("");
            int found = -1;
            for (int i = 0; i < original && found < 0; i++) {
                if (name.equals(merged.get(i).path("name").asText(""))) {
                    found = i;
                }
            }
            if (found >= 0) {
                merged.set(found, entry.deepCopy());
            } else {
                merged.add(entry.deepCopy());
            }
        }
        return merged;
    }

    /** {@code InjectAnnotationsIntoDeployment}: the configuration's annotations where the key is not there yet. */
    private static void addMissing(ObjectNode annotations, Map<String, String> added) {
        added.forEach((key, value) -> {
            if (!annotations.has(key)) {
                annotations.put(key, value);
            }
        });
    }

    private static List<ObjectNode> containers(ObjectNode pod) {
        List<ObjectNode> containers = new ArrayList<>();
        pod.path("containers").forEach(container -> {
            if (container instanceof ObjectNode object) {
                containers.add(object);
            }
        });
        return containers;
    }

    private static ObjectNode child(ObjectNode parent, String field) {
        JsonNode existing = parent.get(field);
        return existing instanceof ObjectNode object ? object : parent.putObject(field);
    }
}
