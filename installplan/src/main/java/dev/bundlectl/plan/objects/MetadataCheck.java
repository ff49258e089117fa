package dev.bundlectl.plan.objects;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.bundle.kinds.GroupKind;
import dev.bundlectl.crdschema.FieldError;
import dev.bundlectl.crdschema.GoText;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks {@code metadata} as the API server's {@code ValidateObjectMeta} does: the name by its
 * kind's rule ({@link NameRules}), the namespace, when the manifest sets one, as a DNS-1123 label,
 * for a CustomResourceDefinition, that the name is {@code <spec.names.plural>.<spec.group>}, then
 * the labels and annotations ({@link LabelsCheck}).
 *
 * <p>{@code generateName} is refused outright. The server would accept it next to a name, but
 * bundlectl applies every object by its name and never asks the server to make one up, so a
 * {@code generateName} in a bundle is a mistake that would otherwise go unnoticed.
 */
final class MetadataCheck {

    private MetadataCheck() {
    }

    static List<FieldError> problems(String group, String kind, JsonNode object) {
        JsonNode metadata = object.path("metadata");
        List<FieldError> problems = new ArrayList<>();
        if (metadata.hasNonNull("generateName")) {
            problems.add(new FieldError("metadata.generateName", "Forbidden", null,
                    "not allowed in a bundle: bundlectl applies every object by its metadata.name"));
        }
        String name = metadata.path("name").asText("");
        if (name.isEmpty()) {
            problems.add(new FieldError("metadata.name", "Required value", null, "name or generateName is required"));
        } else {
            List<String> messages = new ArrayList<>(NameRules.forKind(group, kind).problems(name));
            if (isCrd(group, kind)) {
                String required = object.path("spec").path("names").path("plural").asText("") + "."
                        + object.path("spec").path("group").asText("");
                if (!name.equals(required)) {
                    messages.add("must be spec.names.plural+\".\"+spec.group");
                }
            }
            for (String message : messages) {
                problems.add(new FieldError("metadata.name", "Invalid value", GoText.quote(name), message));
            }
        }
        JsonNode namespace = metadata.path("namespace");
        if (namespace.isTextual() && !namespace.asText().isEmpty()) {
            for (String message : NameRule.DNS1123_LABEL.problems(namespace.asText())) {
                problems.add(new FieldError("metadata.namespace", "Invalid value", GoText.quote(namespace.asText()),
                        message));
            }
        }
        problems.addAll(LabelsCheck.problems(metadata));
        return problems;
    }

    private static boolean isCrd(String group, String kind) {
        return GroupKind.CUSTOM_RESOURCE_DEFINITION.equals(new GroupKind(group, kind));
    }
}
