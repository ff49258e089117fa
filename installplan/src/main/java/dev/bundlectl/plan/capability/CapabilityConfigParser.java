package dev.bundlectl.plan.capability;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.bundle.Diagnostics;
import dev.bundlectl.bundle.SourceLocation;
import dev.bundlectl.bundle.yaml.FileBytes;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads a capability configuration file, YAML or JSON, in any accepted form:
 * <ul>
 *   <li>a whole ClusterVersion or HostedCluster document ({@code spec.capabilities});</li>
 *   <li>a document with a top-level {@code capabilities:} block, such as an install-config;</li>
 *   <li>a bare block.</li>
 * </ul>
 * The block's keys decide its form: {@code inclusionDefault}/{@code include}/{@code exclude}
 * (docs/semantics.md §4), {@code baselineCapabilitySet}/{@code additionalEnabledCapabilities} (ClusterVersion)
 * or {@code enabled}/{@code disabled} (HyperShift). Keys of two forms in one block are an error;
 * unknown keys are warnings. An empty block means {@code vCurrent} (for a HostedCluster, HyperShift's
 * default). Every problem becomes a diagnostic naming the file, object and field; nothing throws.
 */
public final class CapabilityConfigParser {

    private static final Map<ConfigForm, Set<String>> KEYS_BY_FORM = keysByForm();
    private static final Map<String, String> SEED_SPELLINGS =
            Map.of("disabledCapabilities", "disabled", "enabledCapabilities", "enabled");

    private final CapabilityConfigFactory factory;

    /**
     * A parser that hands what it finds to {@code factory}.
     *
     * @param factory validates the request found in the file and builds the configuration
     */
    public CapabilityConfigParser(CapabilityConfigFactory factory) {
        this.factory = factory;
    }

    private static Map<ConfigForm, Set<String>> keysByForm() {
        Map<ConfigForm, Set<String>> keys = new LinkedHashMap<>();
        keys.put(ConfigForm.INSTALL_CONFIG, Set.of("inclusionDefault", "include", "exclude"));
        keys.put(ConfigForm.CLUSTER_VERSION, Set.of("baselineCapabilitySet", "additionalEnabledCapabilities"));
        keys.put(ConfigForm.HYPERSHIFT, Set.of("enabled", "disabled"));
        return keys;
    }

    /** Reads and parses the file; a missing or unreadable file is an error diagnostic. */
    public CapabilityConfigResult parse(Path file) {
        String name = file.toString();
        FileBytes read = FileBytes.read(file, ConfigDocumentReader.MAX_BYTES);
        if (read instanceof FileBytes.TooLarge) {
            return failure(name, ConfigDocumentReader.TOO_LARGE);
        }
        if (read instanceof FileBytes.NotRegular notRegular) {
            return failure(name, notRegular.problem());
        }
        if (read instanceof FileBytes.Unreadable unreadable) {
            return failure(name, unreadable.cause() instanceof NoSuchFileException
                    ? "file not found" : "cannot read the file: " + unreadable.cause().getMessage());
        }
        Optional<String> text = ((FileBytes.Content) read).utf8();
        return text.isPresent() ? parse(name, text.get()) : failure(name, "the file is not UTF-8 text");
    }

    /**
     * Parses configuration text.
     *
     * @param source the file name used in diagnostics
     * @param content the YAML or JSON text
     */
    public CapabilityConfigResult parse(String source, String content) {
        Diagnostics.Collector found = new Diagnostics.Collector();
        Optional<JsonNode> document = new ConfigDocumentReader(source).read(content, found);
        if (document.isEmpty()) {
            return CapabilityConfigResult.failed(found.toDiagnostics());
        }
        Optional<Located> located = locate(source, document.get(), found);
        if (located.isEmpty()) {
            return CapabilityConfigResult.failed(found.toDiagnostics());
        }
        Optional<CapabilityRequest> request = toRequest(located.get(), found);
        if (request.isEmpty() || found.hasErrors()) {
            return CapabilityConfigResult.failed(found.toDiagnostics());
        }
        CapabilityConfigResult built = factory.build(request.get(), located.get().source());
        Diagnostics all = found.toDiagnostics().plus(built.diagnostics());
        return new CapabilityConfigResult(built.config(), all);
    }

    private static CapabilityConfigResult failure(String source, String message) {
        Diagnostics.Collector found = new Diagnostics.Collector();
        found.error(SourceLocation.file(source), null, null, message);
        return CapabilityConfigResult.failed(found.toDiagnostics());
    }

    /** Where the capabilities block sits in the document, and which form a missing block defaults to. */
    private record Located(ConfigSource source, JsonNode block, ConfigForm formWhenEmpty) {
    }

    private static Optional<Located> locate(String source, JsonNode root, Diagnostics.Collector found) {
        SourceLocation location = SourceLocation.file(source);
        if (!root.isObject()) {
            found.error(location, null, null, "expected a mapping with capability fields, found "
                    + describe(root));
            return Optional.empty();
        }
        String kind = root.path("kind").asText("");
        if ("ClusterVersion".equals(kind) || "HostedCluster".equals(kind)) {
            String name = root.path("metadata").path("name").asText("");
            String object = name.isEmpty() ? kind : kind + "/" + name;
            ConfigForm whenEmpty = "HostedCluster".equals(kind) ? ConfigForm.HYPERSHIFT : ConfigForm.CLUSTER_VERSION;
            return Optional.of(new Located(new ConfigSource(location, object, "spec.capabilities."),
                    root.path("spec").path("capabilities"), whenEmpty));
        }
        if (root.has("capabilities")) {
            return Optional.of(new Located(new ConfigSource(location, kind.isEmpty() ? null : kind, "capabilities."),
                    root.get("capabilities"), ConfigForm.CLUSTER_VERSION));
        }
        if (root.has("kind") || root.has("apiVersion")) {
            found.error(location, kind.isEmpty() ? null : kind, null, "no capabilities found: expected a "
                    + "ClusterVersion or HostedCluster with spec.capabilities, a document with a top-level "
                    + "capabilities block, or a bare capabilities block");
            return Optional.empty();
        }
        return Optional.of(new Located(new ConfigSource(location, null, ""), root, ConfigForm.CLUSTER_VERSION));
    }

    private static Optional<CapabilityRequest> toRequest(Located located, Diagnostics.Collector found) {
        ConfigSource source = located.source();
        JsonNode block = located.block();
        if (block.isMissingNode() || block.isNull()) {
            return Optional.of(emptyRequest(located.formWhenEmpty()));
        }
        if (!block.isObject()) {
            found.error(source.location(), source.object(), stripDot(source.fieldPrefix()),
                    "expected a mapping with capability fields, found " + describe(block));
            return Optional.empty();
        }
        List<ConfigForm> forms = new ArrayList<>();
        Map<ConfigForm, List<String>> keysSeen = new LinkedHashMap<>();
        block.fieldNames().forEachRemaining(key -> {
            Optional<ConfigForm> form = formOfKey(key);
            if (SEED_SPELLINGS.containsKey(key)) {
                // Seed 001 sketched these names; ignoring them would silently enable what the user disabled.
                found.error(source.location(), source.object(), source.field(key), "HyperShift's API calls this field "
                        + SEED_SPELLINGS.get(key) + ", not " + key);
                return;
            }
            if (form.isEmpty()) {
                found.warning(source.location(), source.object(), source.field(key),
                        "unknown field \"" + key + "\" ignored");
                return;
            }
            keysSeen.computeIfAbsent(form.get(), f -> new ArrayList<>()).add(key);
            if (!forms.contains(form.get())) {
                forms.add(form.get());
            }
        });
        if (forms.size() > 1) {
            List<String> parts = new ArrayList<>();
            keysSeen.forEach((form, keys) -> parts.add(String.join(", ", keys) + " (" + form.displayName() + ")"));
            found.error(source.location(), source.object(), stripDot(source.fieldPrefix()),
                    "fields of different capability forms cannot be mixed: " + String.join("; ", parts));
            return Optional.empty();
        }
        if (forms.isEmpty()) {
            return Optional.of(emptyRequest(located.formWhenEmpty()));
        }
        FieldReader fields = new FieldReader(block, source, found);
        switch (forms.get(0)) {
            case INSTALL_CONFIG:
                return Optional.of(new InstallConfigCapabilities(fields.text("inclusionDefault"),
                        fields.names("include"), fields.names("exclude")));
            case CLUSTER_VERSION:
                return Optional.of(new ClusterVersionCapabilities(fields.text("baselineCapabilitySet"),
                        fields.names("additionalEnabledCapabilities")));
            default:
                return Optional.of(new HyperShiftCapabilities(fields.names("enabled"), fields.names("disabled")));
        }
    }

    private static CapabilityRequest emptyRequest(ConfigForm form) {
        if (form == ConfigForm.HYPERSHIFT) {
            return new HyperShiftCapabilities(List.of(), List.of());
        }
        return new ClusterVersionCapabilities(null, List.of());
    }

    private static Optional<ConfigForm> formOfKey(String key) {
        return KEYS_BY_FORM.entrySet().stream().filter(e -> e.getValue().contains(key)).map(Map.Entry::getKey)
                .findFirst();
    }

    private static String stripDot(String prefix) {
        return prefix.isEmpty() ? null : prefix.substring(0, prefix.length() - 1);
    }

    static String describe(JsonNode node) {
        if (node.isArray()) {
            return "a list";
        }
        if (node.isObject()) {
            return "a mapping";
        }
        if (node.isNull()) {
            return "null";
        }
        return node.isTextual() ? "the string \"" + node.asText() + "\"" : "the value " + node;
    }

    /** Reads typed fields of the block, reporting a wrongly typed field as an error. */
    private static final class FieldReader {
        private final JsonNode block;
        private final ConfigSource source;
        private final Diagnostics.Collector found;

        FieldReader(JsonNode block, ConfigSource source, Diagnostics.Collector found) {
            this.block = block;
            this.source = source;
            this.found = found;
        }

        String text(String key) {
            JsonNode value = block.path(key);
            if (value.isMissingNode() || value.isNull()) {
                return null;
            }
            if (!value.isTextual()) {
                found.error(source.location(), source.object(), source.field(key),
                        "expected a string, found " + describe(value));
                return null;
            }
            return value.asText();
        }

        List<String> names(String key) {
            JsonNode value = block.path(key);
            if (value.isMissingNode() || value.isNull()) {
                return List.of();
            }
            if (!value.isArray()) {
                found.error(source.location(), source.object(), source.field(key),
                        "expected a list of capability names, found " + describe(value));
                return List.of();
            }
            List<String> names = new ArrayList<>();
            for (int i = 0; i < value.size(); i++) {
                JsonNode item = value.get(i);
                if (item.isTextual()) {
                    names.add(item.asText());
                } else {
                    found.error(source.location(), source.object(), source.field(key + "[" + i + "]"),
                            "expected a capability name, found " + describe(item));
                }
            }
            return names;
        }
    }
}
