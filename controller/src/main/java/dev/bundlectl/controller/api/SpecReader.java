package dev.bundlectl.controller.api;

import dev.bundlectl.bundle.version.VersionConstraint;
import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.executor.planning.ConfigChoice;
import dev.bundlectl.plan.config.ConfigLocation;
import dev.bundlectl.plan.config.ConfigRead;
import dev.bundlectl.plan.config.OperatorConfig;
import dev.bundlectl.plan.config.OperatorConfigReader;
import dev.bundlectl.plan.crdsafety.CrdSafetyPolicy;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

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
        ApprovalMode approval = choice(spec, "approval", ApprovalMode.class, ApprovalMode.Automatic);
        UpgradeConstraintPolicy policy = choice(spec, "upgradeConstraintPolicy", UpgradeConstraintPolicy.class,
                UpgradeConstraintPolicy.CatalogProvided);
        List<String> optionalApis = new ArrayList<>();
        spec.path("optionalApis").forEach(rule -> optionalApis.add(rule.asText()));
        JsonNode capabilities = spec.path("capabilities");
        return new BundleInstallSpec(source(spec.path("source")), text(spec, "csvMode"), optionalApis,
                capabilities.isObject() ? capabilities.deepCopy() : null, approval, text(spec, "approvedPlan"),
                text(spec, "serviceAccountName"), config(object, spec.path("config")), policy, crdUpgradeSafety(spec));
    }

    /** {@code Warn} (also when absent) or {@code Strict}, as the CRD's enum has them. */
    private static CrdSafetyPolicy crdUpgradeSafety(JsonNode spec) {
        String value = text(spec, "crdUpgradeSafety");
        if (value == null) {
            return CrdSafetyPolicy.WARN;
        }
        return CrdSafetyPolicy.of(value).filter(policy -> policy.specValue().equals(value)).orElseThrow(() ->
                new InvalidSpecException("spec.crdUpgradeSafety: \"" + value + "\" is not Warn or Strict"));
    }

    /**
     * {@code spec.config}, checked as {@code --config} is (docs/operator-config.md): the CRD's schema
     * refuses a field OLM's {@code SubscriptionConfig} lacks, and everything the API server would
     * refuse in a pod template is refused here, before planning, every problem named.
     */
    private static ConfigChoice.Given config(JsonNode object, JsonNode config) {
        JsonNode metadata = object.path("metadata");
        ConfigLocation location = new ConfigLocation("BundleInstall " + metadata.path("namespace").asText("")
                + "/" + metadata.path("name").asText(""), null, "spec.config.");
        if (config.isMissingNode() || config.isNull()) {
            return new ConfigChoice.Given(OperatorConfig.NONE, location);
        }
        ConfigRead read = OperatorConfigReader.of(config, location);
        if (read instanceof ConfigRead.Refused refused) {
            throw new InvalidSpecException(refused.diagnostics().errors().stream()
                    .map(error -> error.field() + ": " + error.message()).collect(Collectors.joining("; ")));
        }
        return ConfigChoice.Given.of((ConfigRead.Read) read);
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

    /** The enum value {@code spec.field} names, or {@code absent} when it names none; another value is refused. */
    private static <E extends Enum<E>> E choice(JsonNode spec, String field, Class<E> type, E absent) {
        JsonNode value = spec.path(field);
        if (value.isMissingNode() || value.isNull()) {
            return absent;
        }
        try {
            return Enum.valueOf(type, value.asText());
        } catch (IllegalArgumentException e) {
            List<String> names = java.util.Arrays.stream(type.getEnumConstants()).map(Enum::name).toList();
            throw new InvalidSpecException("spec." + field + ": \"" + value.asText() + "\" is not "
                    + String.join(", ", names.subList(0, names.size() - 1)) + " or " + names.get(names.size() - 1));
        }
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.path(field);
        return value.isTextual() && !value.asText().isEmpty() ? value.asText() : null;
    }
}
