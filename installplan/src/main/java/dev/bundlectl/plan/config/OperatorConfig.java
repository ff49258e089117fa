package dev.bundlectl.plan.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How the person installing an operator wants it run, in the shape of OLM's
 * {@code SubscriptionConfig} ({@code Subscription.spec.config}): {@code selector},
 * {@code nodeSelector}, {@code tolerations}, {@code resources}, {@code envFrom}, {@code env},
 * {@code volumes}, {@code volumeMounts}, {@code affinity} and {@code annotations}, with the same
 * meaning (docs/semantics.md §10). An immutable value: it holds the checked document
 * ({@link OperatorConfigReader} made it) and hands out copies of its parts.
 *
 * <p>Absent and empty differ where OLM's merge tells them apart: {@code nodeSelector: {}},
 * {@code resources: {}} and {@code affinity: {}} clear what the bundle set, while an absent field
 * leaves it. Empty lists and an empty annotation map change nothing, so they are dropped.
 */
public final class OperatorConfig {

    /** The ten fields of {@code SubscriptionConfig}, in its order. */
    public static final List<String> FIELDS = List.of("selector", "nodeSelector", "tolerations", "resources",
            "envFrom", "env", "volumes", "volumeMounts", "affinity", "annotations");

    /** No configuration: the operator runs as its bundle wrote it. */
    public static final OperatorConfig NONE = new OperatorConfig(JsonNodeFactory.instance.objectNode());

    private static final List<String> LISTS = List.of("tolerations", "envFrom", "env", "volumes", "volumeMounts");

    private final ObjectNode document;

    private OperatorConfig(ObjectNode document) {
        this.document = document;
    }

    /**
     * The configuration a checked {@code SubscriptionConfig} document holds, its fields in
     * {@link #FIELDS} order; the document is copied. Callers check it first
     * ({@link OperatorConfigReader}): this only drops the parts that change nothing.
     */
    static OperatorConfig of(JsonNode checked) {
        ObjectNode canonical = JsonNodeFactory.instance.objectNode();
        for (String field : FIELDS) {
            JsonNode value = checked.get(field);
            if (value == null || value.isNull() || LISTS.contains(field) && value.isEmpty()
                    || field.equals("annotations") && value.isEmpty()) {
                continue;
            }
            canonical.set(field, value.deepCopy());
        }
        return canonical.isEmpty() ? NONE : new OperatorConfig(canonical);
    }

    /** Whether this configuration changes nothing. */
    public boolean isEmpty() {
        return document.isEmpty();
    }

    /** The configuration as a {@code SubscriptionConfig} document (a copy). */
    public ObjectNode toJson() {
        return document.deepCopy();
    }

    /** {@code selector}, or null: OLM reads it nowhere, and neither does bundlectl. */
    public ObjectNode selector() {
        return object("selector");
    }

    /** {@code nodeSelector}, or null when absent (an empty map clears the bundle's). */
    public Map<String, String> nodeSelector() {
        return strings("nodeSelector");
    }

    /** {@code tolerations}; empty when none. */
    public List<ObjectNode> tolerations() {
        return objects("tolerations");
    }

    /** {@code resources}, or null when absent (an empty object clears the bundle's). */
    public ObjectNode resources() {
        return object("resources");
    }

    /** {@code envFrom}; empty when none. */
    public List<ObjectNode> envFrom() {
        return objects("envFrom");
    }

    /** {@code env}; empty when none. */
    public List<ObjectNode> env() {
        return objects("env");
    }

    /** {@code volumes}; empty when none. */
    public List<ObjectNode> volumes() {
        return objects("volumes");
    }

    /** {@code volumeMounts}; empty when none. */
    public List<ObjectNode> volumeMounts() {
        return objects("volumeMounts");
    }

    /** {@code affinity}, or null when absent (an empty object clears the bundle's). */
    public ObjectNode affinity() {
        return object("affinity");
    }

    /** {@code annotations}, or null when none. */
    public Map<String, String> annotations() {
        return strings("annotations");
    }

    /**
     * What the configuration sets, for a line of text: its fields in order, each list and map with
     * its size, e.g. {@code nodeSelector (1), tolerations (1), resources, env (2)}; {@code none}
     * when empty.
     */
    public String summary() {
        if (isEmpty()) {
            return "none";
        }
        List<String> parts = new ArrayList<>();
        document.fields().forEachRemaining(field -> {
            JsonNode value = field.getValue();
            boolean counted = value.isArray() || field.getKey().equals("nodeSelector")
                    || field.getKey().equals("annotations");
            parts.add(field.getKey() + (counted ? " (" + value.size() + ")" : ""));
        });
        return String.join(", ", parts);
    }

    private ObjectNode object(String field) {
        JsonNode value = document.get(field);
        return value == null ? null : (ObjectNode) value.deepCopy();
    }

    private List<ObjectNode> objects(String field) {
        List<ObjectNode> items = new ArrayList<>();
        document.path(field).forEach(item -> items.add((ObjectNode) item.deepCopy()));
        return items;
    }

    private Map<String, String> strings(String field) {
        JsonNode value = document.get(field);
        if (value == null) {
            return null;
        }
        Map<String, String> map = new LinkedHashMap<>();
        value.fields().forEachRemaining(entry -> map.put(entry.getKey(), entry.getValue().asText()));
        return map;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof OperatorConfig that && document.equals(that.document);
    }

    @Override
    public int hashCode() {
        return Objects.hash(document);
    }

    @Override
    public String toString() {
        return "OperatorConfig" + document;
    }
}
