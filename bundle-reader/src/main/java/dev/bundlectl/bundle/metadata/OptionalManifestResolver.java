package dev.bundlectl.bundle.metadata;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.bundle.Diagnostics;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.OptionalManifestRef;
import dev.bundlectl.bundle.kinds.GroupKind;
import dev.bundlectl.bundle.objects.NodeText;
import dev.bundlectl.bundle.yaml.FieldPath;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the entries of {@code olm.manifests.optional} properties (docs/semantics.md §1):
 * {@code value: {manifests: [{group, kind, namespace?, name}]}}.
 *
 * <p>Entries that cannot make anything optional are reported and left out: a CSV, a CRD, or a
 * kind Kubernetes always serves, because their API is a prerequisite of OLM itself. An entry that
 * matches no manifest is kept but reported, since it has no effect.
 */
public final class OptionalManifestResolver {

    /** The property type. */
    public static final String OPTIONAL_MANIFESTS = "olm.manifests.optional";

    /** The usable entries of every {@code olm.manifests.optional} property, in order. */
    public List<OptionalManifestRef> resolve(List<DeclaredProperty> properties, List<Manifest> manifests,
            Diagnostics.Collector diagnostics) {
        List<OptionalManifestRef> refs = new ArrayList<>();
        for (DeclaredProperty declared : properties) {
            if (OPTIONAL_MANIFESTS.equals(declared.property().type())) {
                readEntries(declared, manifests, refs, diagnostics);
            }
        }
        return refs;
    }

    private static void readEntries(DeclaredProperty declared, List<Manifest> manifests, List<OptionalManifestRef> out,
            Diagnostics.Collector diagnostics) {
        String field = declared.field() + ".value.manifests";
        JsonNode entries = declared.property().value().path("manifests");
        if (!entries.isArray()) {
            diagnostics.error(declared.location(), declared.object(), field,
                    "the " + OPTIONAL_MANIFESTS + " value needs a manifests: list of {group, kind, namespace?, name}");
            return;
        }
        for (int i = 0; i < entries.size(); i++) {
            OptionalManifestRef ref = entry(declared, entries.get(i), FieldPath.element(field, i), diagnostics);
            if (ref != null) {
                warnIfUnmatched(declared, ref, manifests, FieldPath.element(field, i), diagnostics);
                out.add(ref);
            }
        }
    }

    private static OptionalManifestRef entry(DeclaredProperty declared, JsonNode entry, String field,
            Diagnostics.Collector diagnostics) {
        if (!entry.isObject()) {
            diagnostics.error(declared.location(), declared.object(), field,
                    "an optional manifest entry is " + NodeText.describe(entry) + ", not a {group, kind, namespace?, name} mapping");
            return null;
        }
        String kind = requiredText(declared, entry, "kind", field, diagnostics);
        String name = requiredText(declared, entry, "name", field, diagnostics);
        String group = optionalText(declared, entry, "group", field, diagnostics);
        String namespace = optionalText(declared, entry, "namespace", field, diagnostics);
        if (kind == null || name == null || group == null || namespace == null) {
            return null;
        }
        int slash = group.indexOf('/');
        if (slash >= 0) {
            String groupPart = group.substring(0, slash);
            diagnostics.warning(declared.location(), declared.object(), field + ".group", "\"" + group
                    + "\" is written as group/version; it is matched by its group \"" + groupPart + "\"");
            group = groupPart;
        }
        if (isOlmPrerequisite(group, kind)) {
            diagnostics.warning(declared.location(), declared.object(), field, "a " + kind
                    + " cannot be optional (its API is always there where OLM runs); " + kind + "/" + name
                    + " stays required");
            return null;
        }
        return new OptionalManifestRef(group, kind, namespace.isEmpty() ? null : namespace, name);
    }

    /** An entry without a group names a prerequisite kind by kind alone. */
    private static boolean isOlmPrerequisite(String group, String kind) {
        for (GroupKind prerequisite : GroupKind.OLM_PREREQUISITES) {
            if (prerequisite.kind().equals(kind) && (group.isEmpty() || group.equals(prerequisite.group()))) {
                return true;
            }
        }
        return false;
    }

    private static void warnIfUnmatched(DeclaredProperty declared, OptionalManifestRef ref, List<Manifest> manifests,
            String field, Diagnostics.Collector diagnostics) {
        for (Manifest manifest : manifests) {
            if (ref.matches(manifest)) {
                return;
            }
        }
        String namespace = ref.namespace() == null ? "" : " in namespace " + ref.namespace();
        diagnostics.warning(declared.location(), declared.object(), field, "no manifest in the bundle is "
                + ref.kind() + "/" + ref.name() + " of group \"" + ref.group() + "\"" + namespace
                + "; the entry has no effect");
    }

    private static String requiredText(DeclaredProperty declared, JsonNode entry, String key, String field,
            Diagnostics.Collector diagnostics) {
        JsonNode value = entry.get(key);
        if (value != null && value.isTextual() && !value.textValue().isBlank()) {
            return value.textValue().trim();
        }
        diagnostics.error(declared.location(), declared.object(), field + "." + key,
                "an optional manifest entry needs a " + key + " (a string)");
        return null;
    }

    /** The value, "" when absent, or null (with an error) when it is not a string. */
    private static String optionalText(DeclaredProperty declared, JsonNode entry, String key, String field,
            Diagnostics.Collector diagnostics) {
        JsonNode value = entry.get(key);
        if (value == null || value.isNull()) {
            return "";
        }
        if (value.isTextual()) {
            return value.textValue().trim();
        }
        diagnostics.error(declared.location(), declared.object(), field + "." + key,
                "the " + key + " is " + NodeText.describe(value) + ", not a string");
        return null;
    }
}
