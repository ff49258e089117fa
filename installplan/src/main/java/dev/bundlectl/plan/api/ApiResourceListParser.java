package dev.bundlectl.plan.api;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.bundle.yaml.InputFileException;
import dev.bundlectl.bundle.yaml.SafeYaml;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses bundlectl's API surface list: a YAML (or JSON) list whose entries are either
 * {@code {group, version, kind, plural?, namespaced}} or {@code {apiVersion, kind, plural?,
 * namespaced}}. Unknown fields are ignored so that richer lists (verbs, short names) load too.
 */
final class ApiResourceListParser {

    private ApiResourceListParser() {
    }

    static List<ApiResource> parse(String text, String file) throws InputFileException {
        List<ApiResource> resources = new ArrayList<>();
        SurfaceEntries entries = new SurfaceEntries(file);
        for (SafeYaml.LocatedNode entry : SafeYaml.readList(text, file)) {
            ApiResource resource = toResource(entry, file);
            entries.add(entry.line(), resource);
            resources.add(resource);
        }
        return resources;
    }

    private static ApiResource toResource(SafeYaml.LocatedNode located, String file) throws InputFileException {
        JsonNode node = located.node();
        int line = located.line();
        if (!node.isObject()) {
            throw new InputFileException(file, line,
                    "expected an entry {group, version, kind, plural, namespaced} or {apiVersion, kind, namespaced}");
        }
        String kind = requiredText(node, "kind", file, line);
        String group;
        String version;
        if (node.has("apiVersion")) {
            if (node.has("group") || node.has("version")) {
                throw new InputFileException(file, line,
                        "entry for " + kind + " gives both apiVersion and group/version; give one or the other");
            }
            GroupVersionKind gvk = GroupVersionKind.of(requiredText(node, "apiVersion", file, line), kind);
            group = gvk.group();
            version = gvk.version();
        } else {
            // The core group may be written as "" or left out.
            group = node.has("group") ? text(node, "group", file, line) : "";
            version = requiredText(node, "version", file, line);
        }
        String plural = node.has("plural") ? requiredText(node, "plural", file, line) : Plurals.guess(kind);
        return new ApiResource(group, version, kind, plural, namespaced(node, kind, file, line));
    }

    private static boolean namespaced(JsonNode node, String kind, String file, int line) throws InputFileException {
        JsonNode value = node.get("namespaced");
        if (value == null || value.isNull()) {
            throw new InputFileException(file, line, "entry for " + kind + " has no field namespaced; write true or false");
        }
        if (value.isBoolean()) {
            return value.booleanValue();
        }
        if (value.isTextual() && ("true".equals(value.textValue()) || "false".equals(value.textValue()))) {
            return Boolean.parseBoolean(value.textValue());
        }
        throw new InputFileException(file, line,
                "entry for " + kind + ": field namespaced is " + value + "; write true or false");
    }

    private static String requiredText(JsonNode node, String field, String file, int line) throws InputFileException {
        String value = text(node, field, file, line);
        if (value.isBlank()) {
            throw new InputFileException(file, line, "entry has no field " + field);
        }
        return value;
    }

    private static String text(JsonNode node, String field, String file, int line) throws InputFileException {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return "";
        }
        if (!value.isValueNode()) {
            throw new InputFileException(file, line, "field " + field + " must be a plain value, not " + value.getNodeType());
        }
        String text = value.asText().strip();
        if (text.contains(" ")) {
            throw new InputFileException(file, line, "field " + field + " is \"" + text + "\"; it must not contain spaces");
        }
        return text;
    }
}
