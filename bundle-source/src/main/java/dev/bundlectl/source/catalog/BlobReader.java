package dev.bundlectl.source.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.bundle.version.SemanticVersion;
import dev.bundlectl.bundle.dependency.Dependency;
import dev.bundlectl.bundle.dependency.RequiredGvk;
import dev.bundlectl.bundle.dependency.RequiredPackage;
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
        List<Dependency> dependencies = new ArrayList<>();
        List<RequiredGvk> provides = new ArrayList<>();
        JsonNode properties = blob.path("properties");
        for (int i = 0; i < properties.size(); i++) {
            JsonNode property = properties.get(i);
            String at = "properties[" + i + "].value";
            JsonNode value = property.path("value");
            switch (property.path("type").asText()) {
                case "olm.package" -> {
                    String text = value.path("version").asText("");
                    version = SemanticVersion.parseTolerant(text).orElse(null);
                    if (version == null) {
                        throw field(where, at + ".version",
                                "\"" + text + "\" is not a semantic version (MAJOR.MINOR.PATCH)");
                    }
                }
                case "olm.gvk" -> provides.add(gvk(value, where, at));
                case "olm.gvk.required" -> dependencies.add(gvk(value, where, at));
                case "olm.package.required" -> dependencies.add(requiredPackage(value, where, at));
                case "olm.constraint" -> {
                    // Only package and GVK constraints are resolved; CEL and compound ones are not.
                    if (value.has("package")) {
                        dependencies.add(requiredPackage(value.get("package"), where, at + ".package"));
                    } else if (value.has("gvk")) {
                        dependencies.add(gvk(value.get("gvk"), where, at + ".gvk"));
                    }
                }
                default -> {
                    // Other properties neither provide nor require anything the resolver reads.
                }
            }
        }
        return new CatalogBundle(name, packageName, image, version, dependencies, provides);
    }

    private RequiredGvk gvk(JsonNode value, String where, String at) {
        String version = optional(value, "version");
        String kind = optional(value, "kind");
        if (version == null || version.isBlank() || kind == null || kind.isBlank()) {
            throw field(where, at, "an API needs a version and a kind");
        }
        String group = optional(value, "group");
        return new RequiredGvk(group == null ? "" : group, version, kind);
    }

    private RequiredPackage requiredPackage(JsonNode value, String where, String at) {
        String packageName = optional(value, "packageName");
        String range = optional(value, "versionRange");
        if (packageName == null || packageName.isBlank()) {
            throw field(where, at + ".packageName", "is required");
        }
        try {
            return new RequiredPackage(packageName, VersionRange.read(range));
        } catch (IllegalArgumentException e) {
            throw field(where, at + ".versionRange", e.getMessage());
        }
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
