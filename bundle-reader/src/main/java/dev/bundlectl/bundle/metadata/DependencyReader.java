package dev.bundlectl.bundle.metadata;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.bundlectl.bundle.Diagnostics;
import dev.bundlectl.bundle.SourceLocation;
import dev.bundlectl.bundle.dependency.Dependency;
import dev.bundlectl.bundle.dependency.RequiredGvk;
import dev.bundlectl.bundle.dependency.RequiredPackage;
import dev.bundlectl.bundle.objects.NodeText;
import dev.bundlectl.bundle.version.VersionRange;
import dev.bundlectl.bundle.yaml.FieldPath;
import dev.bundlectl.bundle.yaml.LoadedDocument;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Reads a bundle's dependencies as OLM's bundle unpacker does: the {@code dependencies} list of
 * {@code metadata/dependencies.yaml} ({@code olm.package} with {@code packageName} and a
 * {@code version} range, {@code olm.gvk} with {@code group}, {@code version} and {@code kind}),
 * then the {@code olm.package.required}, {@code olm.gvk.required} and {@code olm.constraint}
 * properties. A malformed entry is an error naming its file and field; a type bundlectl does not
 * check ({@code olm.label}, a CEL or compound constraint) is a warning naming it. A dependency
 * declared twice counts once.
 */
public final class DependencyReader {

    /** The file OLM reads dependencies from, in the metadata directory. */
    public static final String FILE_NAME = "dependencies.yaml";

    private static final String PACKAGE_REQUIRED = "olm.package.required";
    private static final String GVK_REQUIRED = "olm.gvk.required";
    private static final String LABEL_REQUIRED = "olm.label.required";
    private static final String CONSTRAINT = "olm.constraint";
    private static final String LABEL = "olm.label";

    /**
     * @param metadata the metadata directory's parsed files
     * @param properties the bundle's properties, with where each was declared
     * @return every dependency, first declared first
     */
    public List<Dependency> read(List<MetadataFile> metadata, List<DeclaredProperty> properties,
            Diagnostics.Collector diagnostics) {
        Set<Dependency> found = new LinkedHashSet<>();
        for (MetadataFile file : metadata) {
            if (file.path().endsWith("/" + FILE_NAME) || file.path().equals(FILE_NAME)) {
                for (LoadedDocument document : file.documents()) {
                    fromFile(document, found, diagnostics);
                }
            }
        }
        for (DeclaredProperty declared : properties) {
            Entry entry = new Entry(declared.location(), declared.object(), FieldPath.child(declared.field(), "value"),
                    diagnostics);
            JsonNode value = declared.property().value();
            switch (declared.property().type()) {
                case PACKAGE_REQUIRED -> entry.requiredPackage(value, "versionRange").ifPresent(found::add);
                case GVK_REQUIRED -> entry.requiredGvk(value).ifPresent(found::add);
                case CONSTRAINT -> entry.constraint(value).ifPresent(found::add);
                case LABEL_REQUIRED -> entry.unchecked(LABEL_REQUIRED);
                default -> {
                    // Any other property says what the bundle provides, not what it needs.
                }
            }
        }
        return List.copyOf(found);
    }

    private static void fromFile(LoadedDocument document, Set<Dependency> found, Diagnostics.Collector diagnostics) {
        JsonNode root = document.root();
        if (!root.isObject()) {
            diagnostics.error(document.location(), null, null,
                    "the file is " + NodeText.describe(root) + ", not a mapping with a dependencies list");
            return;
        }
        JsonNode list = root.get("dependencies");
        if (list == null || list.isNull()) {
            diagnostics.warning(document.location(), null, "dependencies", "the file lists no dependencies");
            return;
        }
        if (!list.isArray()) {
            diagnostics.error(document.location(), null, "dependencies",
                    "the dependencies are " + NodeText.describe(list) + ", not a list of {type, value}");
            return;
        }
        for (int i = 0; i < list.size(); i++) {
            String field = FieldPath.element("dependencies", i);
            JsonNode item = list.get(i);
            if (!item.isObject()) {
                diagnostics.error(document.location(), null, field,
                        "a dependency is " + NodeText.describe(item) + ", not a {type, value} mapping");
                continue;
            }
            JsonNode type = item.get("type");
            if (type == null || !type.isTextual() || type.textValue().isBlank()) {
                diagnostics.error(document.location(), null, field + ".type",
                        "a dependency needs a type (olm.package or olm.gvk)");
                continue;
            }
            Entry entry = new Entry(document.location(), null, field + ".value", diagnostics);
            JsonNode value = item.path("value");
            switch (type.textValue()) {
                case RequiredPackage.TYPE -> entry.requiredPackage(value, "version").ifPresent(found::add);
                case RequiredGvk.TYPE -> entry.requiredGvk(value).ifPresent(found::add);
                case CONSTRAINT -> entry.constraint(value).ifPresent(found::add);
                case LABEL -> entry.unchecked(LABEL);
                default -> diagnostics.warning(document.location(), null, field + ".type",
                        "dependency type " + type.textValue() + " is not one bundlectl knows (olm.package, olm.gvk, "
                                + "olm.constraint); it is not checked");
            }
        }
    }

    /** One declared dependency's value, and where to report its problems. */
    private record Entry(SourceLocation location, String object, String field, Diagnostics.Collector diagnostics) {

        Optional<Dependency> requiredPackage(JsonNode value, String rangeField) {
            if (!mapping(value)) {
                return Optional.empty();
            }
            String packageName = text(value, "packageName", true);
            String range = text(value, rangeField, true);
            if (packageName == null || range == null) {
                return Optional.empty();
            }
            try {
                return Optional.of(new RequiredPackage(packageName, VersionRange.read(range)));
            } catch (IllegalArgumentException e) {
                diagnostics.error(location, object, field + "." + rangeField,
                        "not a version range: " + e.getMessage());
                return Optional.empty();
            }
        }

        Optional<Dependency> requiredGvk(JsonNode value) {
            if (!mapping(value)) {
                return Optional.empty();
            }
            // The core group is written as an empty group.
            String group = text(value, "group", false);
            String version = text(value, "version", true);
            String kind = text(value, "kind", true);
            if (group == null || version == null || kind == null) {
                return Optional.empty();
            }
            return Optional.of(new RequiredGvk(group, version, kind));
        }

        /** An {@code olm.constraint}: its {@code package} or {@code gvk}; CEL and compounds are not checked. */
        Optional<Dependency> constraint(JsonNode value) {
            if (!mapping(value)) {
                return Optional.empty();
            }
            if (value.has("package")) {
                return new Entry(location, object, field + ".package", diagnostics)
                        .requiredPackage(value.get("package"), "versionRange");
            }
            if (value.has("gvk")) {
                return new Entry(location, object, field + ".gvk", diagnostics).requiredGvk(value.get("gvk"));
            }
            List<String> kinds = new ArrayList<>();
            value.fieldNames().forEachRemaining(name -> {
                if (!"failureMessage".equals(name)) {
                    kinds.add(name);
                }
            });
            diagnostics.warning(location, object, field,
                    "an olm.constraint of " + (kinds.isEmpty() ? "no kind" : String.join(", ", kinds))
                            + " is not checked: bundlectl checks package and gvk constraints");
            return Optional.empty();
        }

        void unchecked(String type) {
            diagnostics.warning(location, object, field,
                    "a " + type + " dependency is not checked: bundlectl checks package and GVK dependencies");
        }

        private boolean mapping(JsonNode value) {
            if (value == null || !value.isObject()) {
                diagnostics.error(location, object, field,
                        "the value is " + NodeText.describe(value == null ? MissingNode.getInstance() : value)
                                + ", not a mapping");
                return false;
            }
            return true;
        }

        private String text(JsonNode value, String name, boolean required) {
            JsonNode node = value.get(name);
            if (node == null || node.isNull()) {
                if (required) {
                    diagnostics.error(location, object, field + "." + name, "is required");
                    return null;
                }
                return "";
            }
            if (!node.isValueNode() || node.isBoolean()) {
                diagnostics.error(location, object, field + "." + name,
                        "is " + NodeText.describe(node) + ", not a string");
                return null;
            }
            String text = node.asText().trim();
            if (required && text.isEmpty()) {
                diagnostics.error(location, object, field + "." + name, "must not be empty");
                return null;
            }
            return text;
        }
    }
}
