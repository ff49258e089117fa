package dev.bundlectl.plan.olm;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.Property;
import dev.bundlectl.bundle.yaml.JsonTrees;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The bundle's properties projected onto its CSV, as OLM's InstallPlan writes the CSV
 * (docs/semantics.md §6, "The CSV as OLM's InstallPlan writes it"): the annotation
 * {@value #ANNOTATION} holds {@code {"properties":[{"type":…,"value":…},…]}}, every property the
 * bundle has but the two that carry whole manifests ({@code olm.bundle.object},
 * {@code olm.csv.metadata}), which a catalog leaves out so that a CSV stays within etcd's limits.
 * OLM's resolver reads this annotation from installed CSVs to learn which packages and APIs a
 * namespace already has, so a CSV written without it looks, to a later Subscription, like an
 * operator that provides nothing.
 */
public final class CsvPropertiesProjection {

    /** The CSV annotation OLM reads a bundle's properties from. */
    public static final String ANNOTATION = "operatorframework.io/properties";

    private static final Set<String> LEFT_OUT = Set.of("olm.bundle.object", "olm.csv.metadata");

    private CsvPropertiesProjection() {
    }

    /** The annotation's value for these properties. */
    public static String value(List<Property> properties) {
        ObjectNode annotation = JsonNodeFactory.instance.objectNode();
        ArrayNode list = JsonNodeFactory.instance.arrayNode();
        for (Property property : properties) {
            if (LEFT_OUT.contains(property.type())) {
                continue;
            }
            ObjectNode entry = list.addObject();
            entry.put("type", property.type());
            entry.set("value", property.value().deepCopy());
        }
        if (!list.isEmpty()) {
            annotation.set("properties", list);
        }
        return JsonTrees.compact(annotation);
    }

    /** A copy of the CSV carrying the annotation; the CSV itself is left as it is. */
    public static Manifest onto(Manifest csv, List<Property> properties) {
        String value = value(properties);
        ObjectNode body = csv.body().deepCopy();
        ObjectNode metadata = body.get("metadata") instanceof ObjectNode present ? present : body.putObject("metadata");
        ObjectNode annotations = metadata.has("annotations") && metadata.get("annotations").isObject()
                ? (ObjectNode) metadata.get("annotations") : metadata.putObject("annotations");
        annotations.put(ANNOTATION, value);
        Map<String, String> texts = new LinkedHashMap<>(csv.annotations());
        texts.put(ANNOTATION, value);
        return new Manifest(csv.source(), csv.apiVersion(), csv.kind(), csv.name(), csv.namespace(), texts, body);
    }
}
