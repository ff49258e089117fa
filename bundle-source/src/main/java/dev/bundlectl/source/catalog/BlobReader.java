package dev.bundlectl.source.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.bundle.version.SemanticVersion;
import dev.bundlectl.bundle.version.VersionRange;
import dev.bundlectl.source.errors.CatalogException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Turns one catalog file's blobs into the model, naming the file, blob and field of any problem. */
final class BlobReader {

    private final String file;

    BlobReader(String file) {
        this.file = file;
    }

    void read(JsonNode blob, Map<String, CatalogPackage> packages, List<CatalogChannel> channels,
            List<CatalogBundle> bundles) {
        if (!blob.isObject()) {
            throw new CatalogException(file + ": a blob is not an object");
        }
        String schema = blob.path("schema").asText("");
        switch (schema) {
            case "olm.package" -> {
                String name = required(blob, "name", schema);
                if (packages.putIfAbsent(name, new CatalogPackage(name, optional(blob, "defaultChannel"))) != null) {
                    throw new CatalogException(file + ": olm.package " + name + " is declared twice");
                }
            }
            case "olm.channel" -> channels.add(channel(blob));
            case "olm.bundle" -> bundles.add(bundle(blob));
            default -> {
                // Other schemas (olm.deprecations, olm.csv.metadata, ...) say nothing about what to pull.
            }
        }
    }

    private CatalogChannel channel(JsonNode blob) {
        String name = required(blob, "name", "olm.channel");
        String where = "olm.channel " + name;
        String packageName = required(blob, "package", where);
        JsonNode entries = blob.path("entries");
        if (!entries.isArray()) {
            throw field(where, "entries", "must be a list");
        }
        List<ChannelEntry> result = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            result.add(entry(entries.get(i), where, "entries[" + i + "]"));
        }
        return new CatalogChannel(packageName, name, result);
    }

    private ChannelEntry entry(JsonNode entry, String where, String path) {
        if (!entry.isObject()) {
            throw field(where, path, "must be an object");
        }
        String name = required(entry, "name", where + " " + path);
        List<String> skips = new ArrayList<>();
        JsonNode skipNode = entry.path("skips");
        if (!skipNode.isMissingNode() && !skipNode.isNull()) {
            if (!skipNode.isArray()) {
                throw field(where, path + ".skips", "must be a list of bundle names");
            }
            skipNode.forEach(skip -> skips.add(skip.asText()));
        }
        VersionRange skipRange = null;
        String range = optional(entry, "skipRange");
        if (range != null) {
            try {
                skipRange = VersionRange.read(range);
            } catch (IllegalArgumentException e) {
                throw field(where, path + ".skipRange", e.getMessage());
            }
        }
        return new ChannelEntry(name, optional(entry, "replaces"), skips, skipRange);
    }

    private CatalogBundle bundle(JsonNode blob) {
        String name = required(blob, "name", "olm.bundle");
        String where = "olm.bundle " + name;
        String packageName = required(blob, "package", where);
        String image = required(blob, "image", where);
        SemanticVersion version = null;
        JsonNode properties = blob.path("properties");
        for (int i = 0; i < properties.size(); i++) {
            JsonNode property = properties.get(i);
            if ("olm.package".equals(property.path("type").asText())) {
                String text = property.path("value").path("version").asText("");
                version = SemanticVersion.parseTolerant(text).orElse(null);
                if (version == null) {
                    throw field(where, "properties[" + i + "].value.version",
                            "\"" + text + "\" is not a semantic version (MAJOR.MINOR.PATCH)");
                }
            }
        }
        return new CatalogBundle(name, packageName, image, version);
    }

    private String required(JsonNode blob, String field, String where) {
        String value = optional(blob, field);
        if (value == null || value.isBlank()) {
            throw field(where, field, "is required");
        }
        return value;
    }

    private static String optional(JsonNode blob, String field) {
        JsonNode value = blob.get(field);
        return value == null || value.isNull() || !value.isValueNode() ? null : value.asText();
    }

    private CatalogException field(String where, String field, String problem) {
        return new CatalogException(file + ": " + where + ": field " + field + ": " + problem);
    }
}
