package dev.bundlectl.source.image;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bundlectl.source.errors.RefusedImageException;
import dev.bundlectl.source.reference.Digest;
import dev.bundlectl.source.registry.Descriptor;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the JSON documents of an image: an image index (OCI or Docker manifest list), an image
 * manifest (OCI or Docker schema 2), and an image config's labels.
 */
public final class ImageDocuments {

    private static final ObjectMapper JSON = new ObjectMapper();

    private ImageDocuments() {
    }

    /** An image manifest: its config and its layers, in order. */
    public record ImageManifest(Descriptor config, List<Descriptor> layers) {
    }

    /** Whether the bytes (with the declared media type, if any) are an index rather than a manifest. */
    static boolean isIndex(String mediaType, JsonNode document) {
        String declared = mediaType != null && !mediaType.isBlank() ? mediaType : document.path("mediaType").asText("");
        return declared.contains("image.index") || declared.contains("manifest.list")
                || (declared.isEmpty() && document.has("manifests") && !document.has("layers"));
    }

    static JsonNode parse(byte[] bytes, String what) {
        try {
            JsonNode node = JSON.readTree(bytes);
            if (node == null || !node.isObject()) {
                throw new RefusedImageException(what + ": not a JSON object");
            }
            return node;
        } catch (IOException e) {
            throw new RefusedImageException(what + ": not valid JSON");
        }
    }

    /** The entry of an index to pull: linux/amd64, or the only entry. */
    static Descriptor platformOf(JsonNode index, String what) {
        JsonNode manifests = index.path("manifests");
        if (!manifests.isArray() || manifests.isEmpty()) {
            throw new RefusedImageException(what + ": an image index with no manifests");
        }
        if (manifests.size() == 1) {
            return descriptor(manifests.get(0), what + ": manifests[0]");
        }
        List<String> platforms = new ArrayList<>();
        for (int i = 0; i < manifests.size(); i++) {
            JsonNode platform = manifests.get(i).path("platform");
            String os = platform.path("os").asText("");
            String arch = platform.path("architecture").asText("");
            if (os.equals("linux") && arch.equals("amd64")) {
                return descriptor(manifests.get(i), what + ": manifests[" + i + "]");
            }
            platforms.add(os + "/" + arch);
        }
        throw new RefusedImageException(what + ": the image index has no linux/amd64 entry (it has: "
                + String.join(", ", platforms) + ")");
    }

    static ImageManifest manifest(JsonNode document, String what) {
        if (document.path("schemaVersion").asInt(0) != 2) {
            throw new RefusedImageException(what + ": not a schema 2 image manifest (Docker schema 1 is not supported)");
        }
        if (!document.path("config").isObject() || !document.path("layers").isArray()) {
            throw new RefusedImageException(what + ": an image manifest needs config and layers");
        }
        List<Descriptor> layers = new ArrayList<>();
        JsonNode list = document.path("layers");
        for (int i = 0; i < list.size(); i++) {
            layers.add(descriptor(list.get(i), what + ": layers[" + i + "]"));
        }
        return new ImageManifest(descriptor(document.path("config"), what + ": config"), layers);
    }

    static Descriptor descriptor(JsonNode node, String what) {
        String digest = node.path("digest").asText("");
        if (!Digest.isDigest(digest)) {
            throw new RefusedImageException(what + ": digest \"" + digest + "\" is not a sha256 digest");
        }
        if (!node.path("size").canConvertToLong() || node.path("size").asLong(-1) < 0) {
            throw new RefusedImageException(what + ": size is missing or negative");
        }
        return new Descriptor(node.path("mediaType").asText(""), Digest.parse(digest), node.path("size").asLong());
    }

    /** An image config's {@code config.Labels} (absent labels are an empty map). */
    static Map<String, String> labels(JsonNode config) {
        Map<String, String> labels = new LinkedHashMap<>();
        JsonNode node = config.path("config").path("Labels");
        for (Map.Entry<String, JsonNode> label : node.properties()) {
            labels.put(label.getKey(), label.getValue().asText());
        }
        return labels;
    }
}
