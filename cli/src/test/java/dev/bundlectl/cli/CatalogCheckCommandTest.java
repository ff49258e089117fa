package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.bundle.yaml.Mappers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code catalog check --upgrades} over a catalog of the sample bundle's versions whose {@code caches}
 * CRD changes from version to version ({@link CrdChangeBundles}), laid out {@code <package>/<version>/}
 * as the public catalogs are: each check of OLM v1's list is met on an edge, and every finding is
 * pinned, with the edges a {@code skipRange} adds, the edge a second channel shares, and the
 * downgrade a {@code skipRange} would reach, left out.
 */
class CatalogCheckCommandTest {

    private static final String CRD = "caches.edges.bundlectl.dev";

    @TempDir
    Path dir;

    /**
     * The versions, each a change from the one before: 0.2.0 drops a field and narrows an enum; 0.3.0
     * changes a type, a required list and a default; 0.4.0 tightens or adds each of the eight bounds;
     * 0.5.0 adds a pattern, nullable, a oneOf and a rule no check judges; 0.6.0 changes the scope and
     * renames the stored version, and its skipRange reaches 0.4.0 too. 0.1.5, in channel candidate
     * only, holds 0.1.0 and 0.2.0 in its skipRange: the second is a downgrade.
     */
    private Path catalog() {
        CrdChangeBundles bundles = new CrdChangeBundles(dir.resolve("catalog"), "edges");
        CrdChangeBundles.Version base = CrdChangeBundles.version("0.1.0").inChannels("stable", "candidate")
                .field("tier", "{type: string, enum: [bronze, silver, gold], default: bronze}")
                .field("nodes", "{type: array, maxItems: 5, items: {type: object, properties: {name: {type: string, "
                        + "maxLength: 63}, zone: {type: string}}}}")
                .field("labels", "{type: object, additionalProperties: {type: string}}")
                .field("backup", "{type: object, properties: {bucket: {type: string}}}");
        CrdChangeBundles.Version v2 = new CrdChangeBundles.Version("0.2.0", "0.1.0", null, List.of("stable", "candidate"),
                base.edits()).withoutField("memory").field("tier", "{type: string, enum: [bronze, silver], default: "
                        + "bronze}");
        CrdChangeBundles.Version v3 = again(v2, "0.3.0", "0.2.0", List.of("stable"))
                .field("size", "{type: number, minimum: 1, maximum: 9}")
                .at("/spec/versions/0/schema/openAPIV3Schema/properties/spec/required", "[size, tier]")
                .field("tier", "{type: string, enum: [bronze, silver], default: silver}");
        CrdChangeBundles.Version v4 = again(v3, "0.4.0", "0.3.0", List.of("stable"))
                .field("size", "{type: number, minimum: 2, maximum: 5}")
                .field("nodes", "{type: array, maxItems: 3, minItems: 1, items: {type: object, properties: {name: "
                        + "{type: string, maxLength: 40}, zone: {type: string, minLength: 1}}}}")
                .field("labels", "{type: object, maxProperties: 10, minProperties: 1, additionalProperties: {type: "
                        + "string}}");
        CrdChangeBundles.Version v5 = again(v4, "0.5.0", "0.4.0", List.of("stable"))
                .field("nodes", "{type: array, maxItems: 3, minItems: 1, items: {type: object, properties: {name: "
                        + "{type: string, maxLength: 40}, zone: {type: string, minLength: 1, pattern: '^[a-z]+$'}}}}")
                .field("backup", "{type: object, nullable: true, oneOf: [{required: [bucket]}], "
                        + "x-kubernetes-validations: [{rule: 'has(self.bucket)'}], properties: {bucket: {type: string}}}");
        CrdChangeBundles.Version v6 = again(v5, "0.6.0", "0.5.0", List.of("stable")).skipRange(">=0.4.0 <0.6.0")
                .at("/spec/scope", "Cluster")
                .at("/spec/versions/0/name", "v1beta1");
        CrdChangeBundles.Version patch = new CrdChangeBundles.Version("0.1.5", null, ">=0.1.0 <0.3.0",
                List.of("candidate"), base.edits());
        return bundles.writeAll(base, v2, v3, v4, v5, v6, patch);
    }

    /** {@code earlier}'s CRD edits, as the next version starts from them. */
    private static CrdChangeBundles.Version again(CrdChangeBundles.Version earlier, String version, String replaces,
            List<String> channels) {
        return new CrdChangeBundles.Version(version, replaces, null, channels, earlier.edits());
    }

    @Test
    void everyFindingOfEveryEdgeIsPinned() {
        CliRun run = CliRun.of("catalog", "check", "--upgrades", catalog().toString(), "-o", "json");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCode.PLAN_FAILED);
        JsonNode document = CliCluster.read(run.out());
        List<String> lines = new ArrayList<>();
        for (JsonNode edge : document.path("edges")) {
            for (JsonNode finding : edge.path("findings")) {
                lines.add(edge.path("from").path("version").asText() + " -> " + edge.path("to").path("version").asText()
                        + " [" + String.join(",", texts(edge.path("channels"))) + "] " + finding.path("check").asText()
                        + " " + orDash(finding.path("version")) + " " + orDash(finding.path("field")) + ": "
                        + finding.path("change").asText() + " (" + finding.path("old").asText() + " -> "
                        + finding.path("new").asText() + ")");
            }
        }
        assertThat(lines).containsExactly(
                "0.1.0 -> 0.2.0 [stable,candidate] existingFieldRemoval v1alpha1 .spec.memory: removed (a field of type "
                        + "string -> null)",
                "0.1.0 -> 0.2.0 [stable,candidate] enum v1alpha1 .spec.tier: values removed: \"gold\" "
                        + "([\"bronze\",\"silver\",\"gold\"] -> [\"bronze\",\"silver\"])",
                "0.2.0 -> 0.3.0 [stable] required v1alpha1 .spec: added: tier ([\"size\"] -> [\"size\",\"tier\"])",
                "0.2.0 -> 0.3.0 [stable] type v1alpha1 .spec.size: changed (\"integer\" -> \"number\")",
                "0.2.0 -> 0.3.0 [stable] default v1alpha1 .spec.tier: changed (\"bronze\" -> \"silver\")",
                "0.3.0 -> 0.4.0 [stable] maximum v1alpha1 .spec.size: lowered (9 -> 5)",
                "0.3.0 -> 0.4.0 [stable] minimum v1alpha1 .spec.size: raised (1 -> 2)",
                "0.3.0 -> 0.4.0 [stable] maxItems v1alpha1 .spec.nodes: lowered (5 -> 3)",
                "0.3.0 -> 0.4.0 [stable] minItems v1alpha1 .spec.nodes: added (null -> 1)",
                "0.3.0 -> 0.4.0 [stable] maxLength v1alpha1 .spec.nodes[*].name: lowered (63 -> 40)",
                "0.3.0 -> 0.4.0 [stable] minLength v1alpha1 .spec.nodes[*].zone: added (null -> 1)",
                "0.3.0 -> 0.4.0 [stable] maxProperties v1alpha1 .spec.labels: added (null -> 10)",
                "0.3.0 -> 0.4.0 [stable] minProperties v1alpha1 .spec.labels: added (null -> 1)",
                "0.4.0 -> 0.5.0 [stable] pattern v1alpha1 .spec.nodes[*].zone: added (null -> \"^[a-z]+$\")",
                "0.4.0 -> 0.5.0 [stable] nullable v1alpha1 .spec.backup: added (false -> true)",
                "0.4.0 -> 0.5.0 [stable] oneOf v1alpha1 .spec.backup: added (null -> [{\"required\":[\"bucket\"]}])",
                "0.4.0 -> 0.5.0 [stable] unhandled v1alpha1 .spec.backup: x-kubernetes-validations added (null -> "
                        + "[{\"rule\":\"has(self.bucket)\"}])",
                "0.4.0 -> 0.6.0 [stable] scope - -: changed (Namespaced -> Cluster)",
                "0.4.0 -> 0.6.0 [stable] storedVersionRemoval v1alpha1 -: objects are stored in this version, which is "
                        + "no longer in spec.versions (null -> null)",
                "0.5.0 -> 0.6.0 [stable] scope - -: changed (Namespaced -> Cluster)",
                "0.5.0 -> 0.6.0 [stable] storedVersionRemoval v1alpha1 -: objects are stored in this version, which is "
                        + "no longer in spec.versions (null -> null)");
        JsonNode summary = document.path("summary");
        assertThat(summary.path("packages").asInt()).isEqualTo(1);
        assertThat(summary.path("bundles").asInt()).isEqualTo(7);
        assertThat(summary.path("channels").asInt()).isEqualTo(2);
        assertThat(summary.path("edges").asInt()).as("five replaces, 0.4.0 -> 0.6.0, and 0.1.0 -> 0.1.5")
                .isEqualTo(7);
        assertThat(summary.path("downgradeEdges").asInt()).as("0.2.0 -> 0.1.5").isEqualTo(1);
        assertThat(summary.path("edgesWithFindings").asInt()).isEqualTo(6);
        assertThat(summary.path("findings").asInt()).isEqualTo(21);
        assertThat(document.path("unreadable")).isEmpty();
    }

    @Test
    void theTableListsEachFindingAndEndsWithTheCounts() {
        CliRun run = CliRun.of("catalog", "check", "--upgrades", catalog().toString(), "--package", "edges-operator");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCode.PLAN_FAILED);
        assertThat(run.out()).startsWith("PACKAGE          EDGE             CHANNELS           FINDING\n")
                .contains("edges-operator   0.1.0 -> 0.2.0   stable,candidate   " + CRD + " v1alpha1 .spec.memory: "
                        + "existingFieldRemoval: removed (was a field of type string)\n")
                .contains("edges-operator   0.5.0 -> 0.6.0   stable             " + CRD + ": scope: changed (was "
                        + "Namespaced, now Cluster)\n")
                .endsWith("\n1 package, 7 bundles, 2 channels: 7 upgrade edges checked (1 downgrade left out), "
                        + "6 CRD pairs compared; 6 edges of 1 package would break stored objects (21 findings).\n"
                        + "Findings by check: scope 2, storedVersionRemoval 2, existingFieldRemoval 1, type 1, "
                        + "required 1, default 1, enum 1, maximum 1, maxLength 1, maxItems 1, maxProperties 1, "
                        + "minimum 1, minLength 1, minItems 1, minProperties 1, pattern 1, nullable 1, oneOf 1, "
                        + "unhandled 1\n");
        assertThat(run.err()).isEmpty();
    }

    @Test
    void aCatalogWhoseEdgesBreakNothingExitsZero() {
        CrdChangeBundles bundles = new CrdChangeBundles(dir.resolve("safe"), "safe");
        Path root = bundles.writeAll(CrdChangeBundles.version("1.0.0"),
                CrdChangeBundles.version("1.1.0").replacing("1.0.0").field("extra", "{type: string}"));

        CliRun run = CliRun.of("catalog", "check", "--upgrades", root.toString());

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.out()).isEqualTo("1 package, 2 bundles, 1 channel: 1 upgrade edge checked, 1 CRD pair "
                + "compared; no edge would break stored objects.\n");
    }

    @Test
    void anUnreadableBundleIsNamedItsEdgesUncheckedAndTheExitIsTwo() throws IOException {
        CrdChangeBundles bundles = new CrdChangeBundles(dir.resolve("broken"), "broken");
        Path root = bundles.writeAll(CrdChangeBundles.version("1.0.0"),
                CrdChangeBundles.version("1.1.0").replacing("1.0.0").withoutField("memory"));
        Path csv = root.resolve("broken-operator/1.1.0/manifests/broken-operator.clusterserviceversion.yaml");
        Files.writeString(csv, Files.readString(csv).replace("kind: ClusterServiceVersion", "kind: [oops"));

        CliRun run = CliRun.of("catalog", "check", "--upgrades", root.toString());

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(run.err()).startsWith("warning: broken-operator/1.1.0: cannot be read: ")
                .contains("; its upgrade edges are not checked");
        assertThat(run.out()).contains("1 bundle could not be read");
    }

    @Test
    void badInputIsOneLineAndExitTwo() {
        String catalog = catalog().toString();
        CliRun noCheck = CliRun.of("catalog", "check", catalog);
        CliRun noPackage = CliRun.of("catalog", "check", "--upgrades", catalog, "--package", "nope");
        CliRun yaml = CliRun.of("catalog", "check", "--upgrades", catalog, "-o", "yaml");

        assertThat(noCheck.exitCode()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(noCheck.err()).isEqualTo("error: catalog check: say what to check: --upgrades (the CRD updates of "
                + "every upgrade edge)\n");
        assertThat(noPackage.exitCode()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(noPackage.err()).startsWith("error: --package nope: no bundle of it below ");
        assertThat(yaml.exitCode()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(yaml.err()).isEqualTo("error: -o yaml: catalog check prints table or json\n");
    }

    private static String orDash(JsonNode value) {
        return value.isNull() || value.isMissingNode() ? "-" : value.asText();
    }

    private static List<String> texts(JsonNode array) {
        List<String> texts = new ArrayList<>();
        array.forEach(item -> texts.add(item.asText()));
        return texts;
    }
}
