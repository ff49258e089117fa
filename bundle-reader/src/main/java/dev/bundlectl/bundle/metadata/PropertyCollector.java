package dev.bundlectl.bundle.metadata;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.BundleAnnotations;
import dev.bundlectl.bundle.Diagnostics;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.Property;
import dev.bundlectl.bundle.Property.PropertyOrigin;
import dev.bundlectl.bundle.SourceLocation;
import dev.bundlectl.bundle.objects.NodeText;
import dev.bundlectl.bundle.yaml.FieldPath;
import dev.bundlectl.bundle.yaml.JsonText;
import dev.bundlectl.bundle.yaml.LoadedDocument;
import dev.bundlectl.bundle.yaml.SafeYamlLoader;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Gathers a bundle's properties in the order OLM sees them: the {@code properties:} list of the
 * first metadata file that has one, the CSV's {@code olm.properties} annotation, then the derived
 * {@code olm.package} and {@code olm.gvk} properties.
 */
public final class PropertyCollector {

    /** The CSV annotation that holds properties as a JSON list. */
    public static final String CSV_PROPERTIES_ANNOTATION = "olm.properties";

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final String CSV_PROPERTIES_FIELD = FieldPath.child("metadata.annotations", CSV_PROPERTIES_ANNOTATION);

    private final SafeYamlLoader loader;

    /** @param loader parses the CSV annotation's JSON within the reader's limits */
    public PropertyCollector(SafeYamlLoader loader) {
        this.loader = loader;
    }

    /**
     * @param metadataFiles the parsed metadata files in name order
     * @param csv the bundle's CSV
     * @param annotations the bundle annotations (for the package name)
     */
    public List<DeclaredProperty> collect(List<MetadataFile> metadataFiles, Manifest csv,
            BundleAnnotations annotations, Diagnostics.Collector diagnostics) {
        List<DeclaredProperty> properties = new ArrayList<>();
        fromMetadata(metadataFiles, properties, diagnostics);
        fromCsvAnnotation(csv, properties, diagnostics);
        derivePackage(csv, annotations, properties, diagnostics);
        deriveOwnedGvks(csv, properties, diagnostics);
        return properties;
    }

    private static void fromMetadata(List<MetadataFile> files, List<DeclaredProperty> out,
            Diagnostics.Collector diagnostics) {
        String readFrom = null;
        for (MetadataFile file : files) {
            for (LoadedDocument document : file.documents()) {
                JsonNode list = document.root().get("properties");
                if (list == null) {
                    continue;
                }
                if (readFrom != null) {
                    diagnostics.warning(document.location(), null, "properties",
                            "ignored: the bundle's properties were already read from " + readFrom);
                    continue;
                }
                readFrom = file.path();
                readList(list, document.location(), null, "properties", PropertyOrigin.METADATA_FILE, out, diagnostics);
            }
        }
    }

    private void fromCsvAnnotation(Manifest csv, List<DeclaredProperty> out, Diagnostics.Collector diagnostics) {
        String text = csv.annotation(CSV_PROPERTIES_ANNOTATION);
        if (text == null) {
            return;
        }
        JsonText parsed = loader.parseJson(text);
        if (parsed instanceof JsonText.Malformed) {
            diagnostics.error(csv.source(), csv.displayName(), CSV_PROPERTIES_FIELD,
                    "the annotation is not valid JSON: " + ((JsonText.Malformed) parsed).problem());
            return;
        }
        readList(((JsonText.Parsed) parsed).value(), csv.source(), csv.displayName(), CSV_PROPERTIES_FIELD,
                PropertyOrigin.CSV_ANNOTATION, out, diagnostics);
    }

    private static void readList(JsonNode list, SourceLocation location, String object, String field,
            PropertyOrigin origin, List<DeclaredProperty> out, Diagnostics.Collector diagnostics) {
        if (!list.isArray()) {
            diagnostics.error(location, object, field,
                    "the properties are " + NodeText.describe(list) + ", not a list of {type, value}");
            return;
        }
        for (int i = 0; i < list.size(); i++) {
            JsonNode entry = list.get(i);
            String entryField = FieldPath.element(field, i);
            if (!entry.isObject()) {
                diagnostics.error(location, object, entryField,
                        "a property is " + NodeText.describe(entry) + ", not a {type, value} mapping");
                continue;
            }
            JsonNode type = entry.get("type");
            if (type == null || !type.isTextual() || type.textValue().isBlank()) {
                diagnostics.error(location, object, entryField + ".type", "a property needs a type (a string)");
                continue;
            }
            JsonNode value = entry.get("value");
            if (value == null) {
                diagnostics.warning(location, object, entryField + ".value",
                        "the " + type.textValue() + " property has no value");
                value = NODES.nullNode();
            }
            out.add(new DeclaredProperty(new Property(type.textValue(), value, origin), location, object, entryField));
        }
    }

    private static void derivePackage(Manifest csv, BundleAnnotations annotations, List<DeclaredProperty> out,
            Diagnostics.Collector diagnostics) {
        if (annotations.packageName() == null) {
            // Without the package annotation there is nothing to derive it from; Bundle.packageName()
            // falls back to the CSV name.
            return;
        }
        ObjectNode value = NODES.objectNode().put("packageName", annotations.packageName());
        JsonNode version = csv.body().path("spec").path("version");
        if (version.isValueNode() && !version.isNull() && !version.asText().isEmpty()) {
            value.put("version", version.asText());
        } else {
            diagnostics.warning(csv.source(), csv.displayName(), "spec.version",
                    "the CSV has no version; olm.package is derived without one");
        }
        out.add(derived("olm.package", value, csv, "spec.version"));
    }

    /** One {@code olm.gvk} per owned CRD version; the group is the CRD name after its first dot. */
    private static void deriveOwnedGvks(Manifest csv, List<DeclaredProperty> out, Diagnostics.Collector diagnostics) {
        JsonNode owned = csv.body().path("spec").path("customresourcedefinitions").path("owned");
        if (!owned.isArray()) {
            return;
        }
        Set<List<String>> seen = new LinkedHashSet<>();
        for (int i = 0; i < owned.size(); i++) {
            JsonNode crd = owned.get(i);
            String field = FieldPath.element("spec.customresourcedefinitions.owned", i);
            String name = crd.path("name").asText("");
            String version = crd.path("version").asText("");
            String kind = crd.path("kind").asText("");
            int dot = name.indexOf('.');
            if (dot <= 0 || dot == name.length() - 1 || version.isEmpty() || kind.isEmpty()) {
                diagnostics.warning(csv.source(), csv.displayName(), field,
                        "an owned CRD needs a name of the form <plural>.<group>, a version and a kind;"
                                + " no olm.gvk property is derived from it");
                continue;
            }
            String group = name.substring(dot + 1);
            if (seen.add(List.of(group, version, kind))) {
                ObjectNode value = NODES.objectNode().put("group", group).put("version", version).put("kind", kind);
                out.add(derived("olm.gvk", value, csv, field));
            }
        }
    }

    private static DeclaredProperty derived(String type, JsonNode value, Manifest csv, String field) {
        return new DeclaredProperty(new Property(type, value, PropertyOrigin.DERIVED), csv.source(),
                csv.displayName(), field);
    }
}
