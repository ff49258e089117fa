package dev.bundlectl.plan.convert;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.BundleReadResult;
import dev.bundlectl.bundle.read.BundleReader;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.testing.SharedCorpus;
import dev.bundlectl.crdschema.SchemaValidator;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;

/**
 * Every {@code apiextensions.k8s.io/v1beta1} CRD of the dev corpus, converted, checked field by
 * field against the original: the versions are the old {@code version}/{@code versions} with their
 * flags; each version's schema is the old schema (top-level or its own) once the documented
 * additions are taken back out, guided by the original; printer columns carry over with
 * {@code jsonPath}; subresources carry over; and the result passes the structural check and
 * compiles as a validator. (That the real API server accepts each one is
 * {@code RealServerRemovedVersionConversionTest}'s job.)
 */
class CorpusCrdConversionTest {

    private static final RemovedApiVersion CRDS =
            RemovedApiVersions.of("apiextensions.k8s.io", "v1beta1", "CustomResourceDefinition").orElseThrow();

    @Test
    void everyCorpusV1beta1CrdConvertsFaithfully() {
        List<Manifest> crds = corpusV1beta1Crds();
        SoftAssertions softly = new SoftAssertions();
        for (Manifest crd : crds) {
            String name = crd.source() + " " + crd.name();
            ConversionResult result = CRDS.convert(crd.body());
            softly.assertThat(result).as(name).isInstanceOf(ConversionResult.Converted.class);
            if (result instanceof ConversionResult.Converted converted) {
                checkFieldByField(softly, name, crd.body(), converted.body());
            }
        }
        System.out.println("[convert] corpus v1beta1 CRDs checked field by field: " + crds.size());
        assertThat(crds).hasSizeGreaterThanOrEqualTo(40);
        softly.assertAll();
    }

    private static void checkFieldByField(SoftAssertions softly, String name, JsonNode old, JsonNode converted) {
        JsonNode oldSpec = old.path("spec");
        JsonNode spec = converted.path("spec");
        softly.assertThat(converted.path("apiVersion").asText()).as(name).isEqualTo("apiextensions.k8s.io/v1");
        for (String gone : List.of("version", "validation", "subresources", "additionalPrinterColumns",
                "preserveUnknownFields")) {
            softly.assertThat(spec.has(gone)).as(name + " spec." + gone).isFalse();
        }
        softly.assertThat(spec.path("group")).as(name).isEqualTo(oldSpec.path("group"));
        softly.assertThat(spec.path("names")).as(name).isEqualTo(oldSpec.path("names"));

        List<JsonNode> oldVersions = new ArrayList<>();
        if (oldSpec.path("versions").isEmpty()) {
            ObjectNode only = JsonNodeFactory.instance.objectNode();
            only.put("name", oldSpec.path("version").asText()).put("served", true).put("storage", true);
            oldVersions.add(only);
        } else {
            oldSpec.path("versions").forEach(oldVersions::add);
        }
        JsonNode versions = spec.path("versions");
        softly.assertThat(versions.size()).as(name + " versions").isEqualTo(oldVersions.size());
        boolean preserved = oldSpec.path("preserveUnknownFields").asBoolean(true);
        for (int i = 0; i < Math.min(versions.size(), oldVersions.size()); i++) {
            JsonNode oldVersion = oldVersions.get(i);
            JsonNode version = versions.get(i);
            String at = name + " versions[" + i + "]";
            softly.assertThat(version.path("name")).as(at + ".name").isEqualTo(oldVersion.path("name"));
            softly.assertThat(version.path("served").asBoolean()).as(at + ".served")
                    .isEqualTo(oldVersion.path("served").asBoolean());
            softly.assertThat(version.path("storage").asBoolean()).as(at + ".storage")
                    .isEqualTo(oldVersion.path("storage").asBoolean());

            JsonNode oldSchema = oldVersion.has("schema") ? oldVersion.path("schema").path("openAPIV3Schema")
                    : oldSpec.path("validation").path("openAPIV3Schema");
            JsonNode schema = version.path("schema").path("openAPIV3Schema");
            if (oldSchema.isMissingNode()) {
                softly.assertThat(schema.toString()).as(at + " schema")
                        .isEqualTo("{\"type\":\"object\",\"x-kubernetes-preserve-unknown-fields\":true}");
            } else {
                softly.assertThat(withoutAdditions(schema, oldSchema, preserved)).as(at + " schema").isEqualTo(oldSchema);
            }

            JsonNode oldColumns = oldVersion.has("additionalPrinterColumns") ? oldVersion.path("additionalPrinterColumns")
                    : oldSpec.path("additionalPrinterColumns");
            JsonNode columns = version.path("additionalPrinterColumns");
            softly.assertThat(columns.size()).as(at + " columns").isEqualTo(oldColumns.size());
            for (int c = 0; c < Math.min(columns.size(), oldColumns.size()); c++) {
                ObjectNode expected = oldColumns.get(c).deepCopy();
                expected.set("jsonPath", expected.remove("JSONPath"));
                softly.assertThat(columns.get(c)).as(at + " column " + c).isEqualTo(expected);
            }

            JsonNode oldSubresources = oldVersion.has("subresources") ? oldVersion.path("subresources")
                    : oldSpec.path("subresources");
            softly.assertThat(version.path("subresources")).as(at + " subresources").isEqualTo(oldSubresources);

            softly.assertThat(StructuralSchemaCheck.problems(schema, "s")).as(at + " structural").isEmpty();
            softly.assertThatCode(() -> SchemaValidator.of(schema)).as(at + " compiles").doesNotThrowAnyException();
        }
    }

    /**
     * The converted schema with the conversion's documented additions taken out where the original
     * lacks them: the root's {@code type: object} and {@code x-kubernetes-preserve-unknown-fields},
     * and the int-or-string mark with its reordered {@code anyOf}.
     */
    private static JsonNode withoutAdditions(JsonNode schema, JsonNode old, boolean preserved) {
        ObjectNode copy = schema.deepCopy();
        if (!old.has("type")) {
            copy.remove("type");
        }
        if (preserved && !old.has("x-kubernetes-preserve-unknown-fields")) {
            copy.remove("x-kubernetes-preserve-unknown-fields");
        }
        undoIntOrString(copy, old);
        return copy;
    }

    private static void undoIntOrString(JsonNode node, JsonNode old) {
        if (!(node instanceof ObjectNode object) || !old.isObject()) {
            return;
        }
        if (object.has("x-kubernetes-int-or-string") && !old.has("x-kubernetes-int-or-string")) {
            object.remove("x-kubernetes-int-or-string");
            object.set("anyOf", old.path("anyOf").deepCopy());
        }
        for (Iterator<Map.Entry<String, JsonNode>> fields = object.path("properties").fields(); fields.hasNext();) {
            Map.Entry<String, JsonNode> field = fields.next();
            undoIntOrString(field.getValue(), old.path("properties").path(field.getKey()));
        }
        undoIntOrString(object.path("items"), old.path("items"));
        undoIntOrString(object.path("additionalProperties"), old.path("additionalProperties"));
    }

    private static List<Manifest> corpusV1beta1Crds() {
        List<Manifest> crds = new ArrayList<>();
        BundleReader reader = new BundleReader();
        for (Path dir : SharedCorpus.devBundleDirs()) {
            BundleReadResult read = reader.read(dir);
            read.bundle().ifPresent(bundle -> bundle.manifests().stream()
                    .filter(m -> m.apiVersion().equals("apiextensions.k8s.io/v1beta1")
                            && m.kind().equals("CustomResourceDefinition"))
                    .forEach(crds::add));
        }
        return crds;
    }

}
