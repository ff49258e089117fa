package dev.bundlectl.controller.api;

import dev.bundlectl.bundle.version.VersionConstraint;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads {@code spec} from an object's JSON. The CRD's schema already refuses what this refuses; the
 * check is repeated because an object may have been stored before the CRD was tightened, and a bad
 * spec must end as a clear {@code Failed} status rather than an exception in the work loop.
 */
public final class SpecReader {

    private SpecReader() {
    }

    /**
     * The spec of {@code object}.
     *
     * @throws InvalidSpecException naming the field that is wrong
     */
    public static BundleInstallSpec read(JsonNode object) {
        JsonNode spec = object.path("spec");
        if (!spec.isObject()) {
            throw new InvalidSpecException("spec: required");
        }
        JsonNode approvalNode = spec.path("approval");
        ApprovalMode approval = ApprovalMode.Automatic;
        if (!approvalNode.isMissingNode() && !approvalNode.isNull()) {
            try {
                approval = ApprovalMode.valueOf(approvalNode.asText());
            } catch (IllegalArgumentException e) {
                throw new InvalidSpecException("spec.approval: \"" + approvalNode.asText()
                        + "\" is not Automatic or Manual");
            }
        }
        List<String> optionalApis = new ArrayList<>();
        spec.path("optionalApis").forEach(rule -> optionalApis.add(rule.asText()));
        JsonNode capabilities = spec.path("capabilities");
        JsonNode adopt = spec.path("adopt");
        if (!adopt.isMissingNode() && !adopt.isNull() && !adopt.isBoolean()) {
            throw new InvalidSpecException("spec.adopt: " + adopt + " is not true or false");
        }
        return new BundleInstallSpec(source(spec.path("source")), text(spec, "csvMode"), optionalApis,
                capabilities.isObject() ? capabilities.deepCopy() : null, approval, text(spec, "approvedPlan"),
                text(spec, "serviceAccountName"), adopt.asBoolean(false));
    }

    private static BundleSource source(JsonNode source) {
        List<BundleSource> forms = new ArrayList<>();
        if (source.hasNonNull("image")) {
            forms.add(new BundleSource.Image(source.get("image").asText()));
        }
        if (source.hasNonNull("configMap")) {
            forms.add(new BundleSource.ConfigMap(source.get("configMap").asText()));
        }
        if (source.hasNonNull("catalog")) {
            JsonNode catalog = source.get("catalog");
            String packageName = text(catalog, "package");
            if (packageName == null) {
                throw new InvalidSpecException("spec.source.catalog.package: required");
            }
            String image = text(catalog, "image");
            String configMap = text(catalog, "configMap");
            if ((image == null) == (configMap == null)) {
                throw new InvalidSpecException("spec.source.catalog: needs exactly one of image and configMap");
            }
            String version = text(catalog, "version");
            String versionRange = text(catalog, "versionRange");
            if (version != null && versionRange != null) {
                throw new InvalidSpecException("spec.source.catalog: give either version or versionRange, not both");
            }
            if (versionRange != null) {
                try {
                    VersionConstraint.parse(versionRange);
                } catch (IllegalArgumentException e) {
                    throw new InvalidSpecException("spec.source.catalog.versionRange: " + e.getMessage());
                }
            }
            forms.add(new BundleSource.Catalog(image, configMap, packageName, text(catalog, "channel"), version,
                    versionRange));
        }
        if (forms.size() != 1) {
            throw new InvalidSpecException("spec.source: needs exactly one of image, catalog and configMap");
        }
        return forms.get(0);
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.path(field);
        return value.isTextual() && !value.asText().isEmpty() ? value.asText() : null;
    }
}
