package dev.bundlectl.plan.convert;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.crdschema.FieldError;
import java.util.List;

/**
 * {@code apiextensions.k8s.io/v1beta1} to {@code v1} CustomResourceDefinition, as the API server
 * converted between the two while it served both:
 * <ul>
 * <li>{@code spec.version} alone becomes {@code versions: [{name, served: true, storage: true}]};
 *     a {@code versions} list keeps its order and flags ({@code spec.version}, when also given,
 *     must name its first entry, as v1beta1 required);</li>
 * <li>top-level {@code validation}, {@code subresources} and {@code additionalPrinterColumns} are
 *     copied into every version (v1 forbids them at the top level). A CRD that gives one of them
 *     both at the top level and per version was refused by every v1beta1 server, and is refused
 *     here with the same words;</li>
 * <li>printer columns' {@code JSONPath} becomes {@code jsonPath};</li>
 * <li>v1beta1 kept unknown fields unless {@code preserveUnknownFields: false}; v1 allows only
 *     false, and says the same per schema: {@code x-kubernetes-preserve-unknown-fields: true} at
 *     each schema's root;</li>
 * <li>a schema root without {@code type} gets {@code type: object}, which v1 requires there: a
 *     custom resource is always an object, so this changes nothing it accepts;</li>
 * <li>a version without a schema gets {@code {type: object, x-kubernetes-preserve-unknown-fields:
 *     true}}, since v1 requires one and v1beta1 validated nothing;</li>
 * <li>{@code conversion.webhookClientConfig} and {@code conversionReviewVersions} move under
 *     {@code conversion.webhook} as {@code clientConfig} and {@code conversionReviewVersions}
 *     (v1beta1's default review version, {@code v1beta1}, when absent);</li>
 * <li>an untyped field whose {@code anyOf} allows an integer or a string, as generators wrote
 *     int-or-string fields before the extension existed, is marked
 *     {@code x-kubernetes-int-or-string: true} ({@link IntOrStringMarker});</li>
 * <li>a missing {@code scope} becomes v1beta1's default, {@code Namespaced}.</li>
 * </ul>
 * A converted schema that is still not structural ({@link StructuralSchemaCheck}) cannot be
 * converted faithfully: the result is {@link ConversionResult.Refused} with the first problem.
 */
final class CrdConversion implements ObjectConversion {

    private static final List<String> PER_VERSION = List.of("validation", "subresources", "additionalPrinterColumns");

    @Override
    public ConversionResult convert(ObjectNode original, String newApiVersion) {
        ObjectNode crd = original.deepCopy();
        crd.put("apiVersion", newApiVersion);
        if (!(crd.get("spec") instanceof ObjectNode spec)) {
            return new ConversionResult.Refused("spec", "Required value");
        }
        ConversionResult.Refused versionsProblem = versions(spec);
        if (versionsProblem != null) {
            return versionsProblem;
        }
        ArrayNode versions = (ArrayNode) spec.get("versions");
        for (String field : PER_VERSION) {
            ConversionResult.Refused problem = moveIntoVersions(spec, versions, field);
            if (problem != null) {
                return problem;
            }
        }
        boolean preserveUnknownFields = !spec.has("preserveUnknownFields")
                || spec.path("preserveUnknownFields").asBoolean(true);
        spec.remove("preserveUnknownFields");
        for (JsonNode version : versions) {
            completeVersion((ObjectNode) version, preserveUnknownFields);
        }
        ConversionResult.Refused conversionProblem = conversion(spec);
        if (conversionProblem != null) {
            return conversionProblem;
        }
        if (!spec.hasNonNull("scope")) {
            spec.put("scope", "Namespaced");
        }
        for (int i = 0; i < versions.size(); i++) {
            String path = "spec.versions[" + i + "].schema.openAPIV3Schema";
            List<FieldError> problems = StructuralSchemaCheck.problems(
                    versions.get(i).path("schema").path("openAPIV3Schema"), path);
            if (!problems.isEmpty()) {
                FieldError first = problems.get(0);
                String rest = problems.size() == 1 ? "" : " (and " + (problems.size() - 1) + " more)";
                return new ConversionResult.Refused(first.field(), problemText(first) + rest);
            }
        }
        return new ConversionResult.Converted(crd);
    }

    /** Makes {@code spec.versions} the full list and removes {@code spec.version}. */
    private static ConversionResult.Refused versions(ObjectNode spec) {
        String single = spec.path("version").asText("");
        JsonNode list = spec.get("versions");
        spec.remove("version");
        if (list instanceof ArrayNode versions && !versions.isEmpty()) {
            String first = versions.get(0).path("name").asText("");
            if (!single.isEmpty() && !single.equals(first)) {
                return new ConversionResult.Refused("spec.version", "Invalid value: \"" + single
                        + "\": must match the first version in spec.versions");
            }
            for (JsonNode version : versions) {
                if (!(version instanceof ObjectNode entry)) {
                    return new ConversionResult.Refused("spec.versions", "Invalid value: each entry must be an object");
                }
                // Both flags are required in v1; v1beta1 read a missing one as false.
                entry.put("served", entry.path("served").asBoolean(false));
                entry.put("storage", entry.path("storage").asBoolean(false));
            }
            return null;
        }
        if (single.isEmpty()) {
            return new ConversionResult.Refused("spec.versions", "Required value: must have exactly one version"
                    + " marked as storage version");
        }
        ArrayNode versions = spec.putArray("versions");
        versions.addObject().put("name", single).put("served", true).put("storage", true);
        return null;
    }

    /** Copies a top-level {@code field} into each version, under its per-version name. */
    private static ConversionResult.Refused moveIntoVersions(ObjectNode spec, ArrayNode versions, String field) {
        JsonNode shared = spec.remove(field);
        String perVersion = "validation".equals(field) ? "schema" : field;
        if (shared == null || shared.isNull()) {
            for (JsonNode version : versions) {
                renameColumnPaths(version.path("additionalPrinterColumns"));
            }
            return null;
        }
        for (JsonNode version : versions) {
            if (version.hasNonNull(perVersion)) {
                String what = "validation".equals(field) ? "schemas" : field;
                return new ConversionResult.Refused("spec." + field,
                        "Forbidden: top-level and per-version " + what + " are mutually exclusive");
            }
        }
        for (JsonNode version : versions) {
            JsonNode copy = shared.deepCopy();
            renameColumnPaths(copy);
            ((ObjectNode) version).set(perVersion, copy);
        }
        return null;
    }

    private static void renameColumnPaths(JsonNode columns) {
        for (JsonNode column : columns) {
            if (column instanceof ObjectNode node && node.has("JSONPath")) {
                JsonNode path = node.remove("JSONPath");
                if (!node.has("jsonPath")) {
                    node.set("jsonPath", path);
                }
            }
        }
    }

    /** Gives the version a schema, and keeps unknown fields at its root if v1beta1 kept them. */
    private static void completeVersion(ObjectNode version, boolean preserveUnknownFields) {
        JsonNode existing = version.path("schema").path("openAPIV3Schema");
        ObjectNode schema;
        if (existing instanceof ObjectNode given) {
            schema = given;
        } else {
            schema = version.putObject("schema").putObject("openAPIV3Schema");
            schema.put("type", "object");
            schema.put("x-kubernetes-preserve-unknown-fields", true);
            return;
        }
        if (!schema.has("type")) {
            schema.put("type", "object");
        }
        IntOrStringMarker.mark(schema);
        if (preserveUnknownFields) {
            schema.put("x-kubernetes-preserve-unknown-fields", true);
        }
    }

    /** Moves the webhook's settings under {@code conversion.webhook}. */
    private static ConversionResult.Refused conversion(ObjectNode spec) {
        if (!(spec.get("conversion") instanceof ObjectNode conversion)) {
            return null;
        }
        JsonNode clientConfig = conversion.remove("webhookClientConfig");
        JsonNode reviewVersions = conversion.remove("conversionReviewVersions");
        String strategy = conversion.path("strategy").asText("None");
        if (!"Webhook".equals(strategy)) {
            if (clientConfig != null && !clientConfig.isNull()) {
                return new ConversionResult.Refused("spec.conversion.webhookClientConfig",
                        "Forbidden: should not be set when strategy is not set to Webhook");
            }
            return null;
        }
        if (clientConfig == null || clientConfig.isNull()) {
            return new ConversionResult.Refused("spec.conversion.webhookClientConfig",
                    "Required value: required when strategy is set to Webhook");
        }
        ObjectNode webhook = conversion.putObject("webhook");
        webhook.set("clientConfig", clientConfig);
        if (reviewVersions == null || reviewVersions.isNull() || reviewVersions.isEmpty()) {
            webhook.putArray("conversionReviewVersions").add("v1beta1");
        } else {
            webhook.set("conversionReviewVersions", reviewVersions);
        }
        return null;
    }

    private static String problemText(FieldError error) {
        String text = error.toString();
        return text.substring(error.field().length() + 2);
    }
}
