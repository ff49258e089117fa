package dev.bundlectl.bundle.metadata;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.bundle.BundleAnnotations;
import dev.bundlectl.bundle.Diagnostics;
import dev.bundlectl.bundle.SourceLocation;
import dev.bundlectl.bundle.objects.NodeText;
import dev.bundlectl.bundle.yaml.FieldPath;
import dev.bundlectl.bundle.yaml.LoadedDocument;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads the {@code annotations:} mapping of {@code metadata/annotations.yaml}. */
public final class AnnotationsReader {

    /** The media type this reader understands. */
    public static final String REGISTRY_V1 = "registry+v1";

    private static final String DEFAULT_MANIFESTS = "manifests/";
    private static final String DEFAULT_METADATA = "metadata/";

    /** The annotations of a bundle without an annotations file: default directories, nothing else. */
    public static BundleAnnotations defaults() {
        return new BundleAnnotations(null, DEFAULT_MANIFESTS, DEFAULT_METADATA, null, List.of(), null, Map.of());
    }

    /**
     * @param documents the parsed documents of the annotations file
     * @param file the file's path relative to the bundle root, for diagnostics
     */
    public BundleAnnotations read(List<LoadedDocument> documents, String file, Diagnostics.Collector diagnostics) {
        SourceLocation location = SourceLocation.file(file);
        if (documents.isEmpty()) {
            diagnostics.error(location, null, null, "the file is empty; it needs an annotations: mapping");
            return defaults();
        }
        LoadedDocument document = documents.get(0);
        if (documents.size() > 1) {
            diagnostics.warning(documents.get(1).location(), null, null,
                    "only the first document of the annotations file is read");
        }
        JsonNode annotations = document.root().path("annotations");
        if (!annotations.isObject()) {
            diagnostics.error(document.location(), null, "annotations",
                    "the file needs a top-level annotations: mapping of keys to values");
            return defaults();
        }
        Map<String, String> all = texts(annotations, document.location(), diagnostics);
        String mediatype = all.get(BundleAnnotations.MEDIATYPE);
        if (mediatype != null && !mediatype.equals(REGISTRY_V1)) {
            diagnostics.error(document.location(), null, field(BundleAnnotations.MEDIATYPE), "the bundle's media type is \""
                    + mediatype + "\"; only " + REGISTRY_V1 + " bundles can be read");
        }
        List<String> channels = channels(all.get(BundleAnnotations.CHANNELS));
        String defaultChannel = blankToNull(all.get(BundleAnnotations.DEFAULT_CHANNEL));
        if (defaultChannel == null && channels.size() > 1) {
            diagnostics.warning(document.location(), null, field(BundleAnnotations.DEFAULT_CHANNEL),
                    "no default channel among the channels " + String.join(", ", channels));
        }
        if (defaultChannel != null && !channels.isEmpty() && !channels.contains(defaultChannel)) {
            diagnostics.warning(document.location(), null, field(BundleAnnotations.DEFAULT_CHANNEL),
                    "the default channel \"" + defaultChannel + "\" is not one of the channels " + String.join(", ", channels));
        }
        return new BundleAnnotations(
                mediatype,
                directory(all.get(BundleAnnotations.MANIFESTS), DEFAULT_MANIFESTS),
                directory(all.get(BundleAnnotations.METADATA), DEFAULT_METADATA),
                blankToNull(all.get(BundleAnnotations.PACKAGE)),
                channels,
                defaultChannel,
                all);
    }

    /** Values as strings; others (e.g. {@code com.redhat.delivery.operator.bundle: true}) with a warning. */
    private static Map<String, String> texts(JsonNode annotations, SourceLocation location,
            Diagnostics.Collector diagnostics) {
        Map<String, String> all = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> entry : annotations.properties()) {
            JsonNode value = entry.getValue();
            String text = NodeText.asString(value);
            if (!value.isTextual()) {
                diagnostics.warning(location, null, field(entry.getKey()), "the value is " + NodeText.describe(value)
                        + ", not a string; it is read as the text \"" + text + "\"");
            }
            all.put(entry.getKey(), text);
        }
        return all;
    }

    private static List<String> channels(String value) {
        List<String> channels = new ArrayList<>();
        if (value == null) {
            return channels;
        }
        for (String channel : value.split(",")) {
            String trimmed = channel.trim();
            if (!trimmed.isEmpty() && !channels.contains(trimmed)) {
                channels.add(trimmed);
            }
        }
        return channels;
    }

    private static String directory(String value, String fallback) {
        return value == null || value.isBlank() ? fallback : value.trim();
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value.trim();
    }

    private static String field(String key) {
        return FieldPath.child("annotations", key);
    }
}
