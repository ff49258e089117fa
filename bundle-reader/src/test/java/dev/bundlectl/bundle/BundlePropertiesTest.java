package dev.bundlectl.bundle;

import dev.bundlectl.bundle.read.BundleReader;
import static dev.bundlectl.bundle.TestFiles.CSV;
import static dev.bundlectl.bundle.TestFiles.write;
import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.bundle.Property.PropertyOrigin;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Properties and {@code olm.manifests.optional} as read by {@link BundleReader}. */
class BundlePropertiesTest {

    @TempDir
    Path root;

    private final BundleReader reader = new BundleReader();

    @BeforeEach
    void writeBundle() {
        TestFiles.bundle(root);
    }

    private static List<String> lines(List<Diagnostic> diagnostics) {
        return diagnostics.stream().map(Diagnostic::toString).toList();
    }

    private static String optional(String entries) {
        return "properties:\n- type: olm.manifests.optional\n  value:\n    manifests:\n" + entries.indent(4);
    }

    @Test
    void derivedPropertiesComeFromAnnotationsAndTheCsv() {
        Bundle bundle = reader.read(root).bundle().orElseThrow();

        assertThat(bundle.properties()).extracting(Property::type).containsExactly("olm.package", "olm.gvk", "olm.gvk");
        assertThat(bundle.properties()).allMatch(p -> p.origin() == PropertyOrigin.DERIVED);
        assertThat(bundle.properties().get(0).value().toString())
                .isEqualTo("{\"packageName\":\"demo\",\"version\":\"1.2.3\"}");
        assertThat(bundle.properties().get(1).value().toString())
                .isEqualTo("{\"group\":\"example.com\",\"version\":\"v1\",\"kind\":\"Widget\"}");
        assertThat(bundle.properties().get(2).value().path("version").asText()).isEqualTo("v1beta1");
    }

    @Test
    void propertiesComeFromTheFirstMetadataFileThatHasThemThenTheCsvAnnotation() {
        write(root, "metadata/a-dependencies.yaml", "dependencies: []\n");
        write(root, "metadata/b-properties.yaml", "properties:\n- type: olm.maxOpenShiftVersion\n  value: \"4.14\"\n");
        write(root, "metadata/c-more.yaml", "properties:\n- type: ignored\n  value: 1\n");
        write(root, "manifests/demo.clusterserviceversion.yaml", CSV.replace("capabilities: Basic Install",
                "olm.properties: '[{\"type\": \"olm.label\", \"value\": \"x\"}]'"));

        BundleReadResult result = reader.read(root);

        Bundle bundle = result.bundle().orElseThrow();
        assertThat(bundle.properties()).extracting(Property::type)
                .containsExactly("olm.maxOpenShiftVersion", "olm.label", "olm.package", "olm.gvk", "olm.gvk");
        assertThat(bundle.properties()).extracting(Property::origin).startsWith(PropertyOrigin.METADATA_FILE,
                PropertyOrigin.CSV_ANNOTATION, PropertyOrigin.DERIVED);
        assertThat(lines(result.diagnostics().warnings())).containsExactly("warning: metadata/c-more.yaml[doc 0]: field"
                + " properties: ignored: the bundle's properties were already read from metadata/b-properties.yaml");
    }

    @Test
    void aPropertyWithoutValueWarnsAndWithoutTypeIsAnError() {
        write(root, "metadata/properties.yaml", "properties:\n- type: relatedImage\n  image: x\n- value: 1\n");

        BundleReadResult result = reader.read(root);

        assertThat(lines(result.diagnostics().all())).containsExactly(
                "warning: metadata/properties.yaml[doc 0]: field properties[0].value: the relatedImage property has no value",
                "error: metadata/properties.yaml[doc 0]: field properties[1].type: a property needs a type (a string)");
    }

    @Test
    void malformedOlmPropertiesJsonNamesTheCsvFileObjectAndField() {
        write(root, "manifests/demo.clusterserviceversion.yaml", CSV.replace("capabilities: Basic Install",
                "olm.properties: '[{\"type\": \"olm.label\", \"value\": }]'"));

        BundleReadResult result = reader.read(root);

        assertThat(result.bundle()).isEmpty();
        assertThat(result.diagnostics().errors()).singleElement().satisfies(e -> {
            assertThat(e.location()).hasToString("manifests/demo.clusterserviceversion.yaml[doc 0]");
            assertThat(e.object()).isEqualTo("ClusterServiceVersion/demo.v1.2.3");
            assertThat(e.field()).isEqualTo("metadata.annotations[\"olm.properties\"]");
            assertThat(e.message()).startsWith("the annotation is not valid JSON: at line 1, column 33: Unexpected character");
        });
    }

    @Test
    void olmPropertiesThatIsNotAListIsAnError() {
        write(root, "manifests/demo.clusterserviceversion.yaml", CSV.replace("capabilities: Basic Install",
                "olm.properties: '{\"type\": \"x\"}'"));

        assertThat(lines(reader.read(root).diagnostics().errors())).singleElement().asString()
                .contains("field metadata.annotations[\"olm.properties\"]: the properties are a mapping, not a list");
    }

    @Test
    void optionalEntriesMatchManifestsByGroupKindNamespaceAndName() {
        write(root, "metadata/properties.yaml", optional("""
                  - group: monitoring.coreos.com
                    kind: ServiceMonitor
                    namespace: demo
                    name: demo-metrics
                """));

        BundleReadResult result = reader.read(root);

        Bundle bundle = result.bundle().orElseThrow();
        assertThat(result.diagnostics().all()).isEmpty();
        assertThat(bundle.optionalManifests()).containsExactly(
                new OptionalManifestRef("monitoring.coreos.com", "ServiceMonitor", "demo", "demo-metrics"));
        Manifest monitor = bundle.manifests().stream().filter(m -> m.kind().equals("ServiceMonitor")).findFirst().orElseThrow();
        assertThat(bundle.isListedOptional(monitor)).isTrue();
        assertThat(bundle.isListedOptional(bundle.csv())).isFalse();
    }

    @Test
    void aGroupVersionSpellingMatchesByItsGroupWithAWarning() {
        write(root, "metadata/properties.yaml", optional("""
                  - group: monitoring.coreos.com/v1
                    kind: ServiceMonitor
                    name: demo-metrics
                """));

        BundleReadResult result = reader.read(root);

        Bundle bundle = result.bundle().orElseThrow();
        assertThat(bundle.optionalManifests()).containsExactly(
                new OptionalManifestRef("monitoring.coreos.com", "ServiceMonitor", null, "demo-metrics"));
        assertThat(bundle.isListedOptional(bundle.manifests().get(1))).isTrue();
        assertThat(lines(result.diagnostics().warnings())).containsExactly("warning: metadata/properties.yaml[doc 0]:"
                + " field properties[0].value.manifests[0].group: \"monitoring.coreos.com/v1\" is written as"
                + " group/version; it is matched by its group \"monitoring.coreos.com\"");
    }

    @Test
    void anEntryThatMatchesNothingIsAWarningNotAnError() {
        write(root, "metadata/properties.yaml", optional("""
                  - group: autoscaling.k8s.io
                    kind: VerticalPodAutoscaler
                    name: my-vpa
                """));

        BundleReadResult result = reader.read(root);

        assertThat(result.bundle()).isPresent();
        assertThat(lines(result.diagnostics().all())).containsExactly("warning: metadata/properties.yaml[doc 0]:"
                + " field properties[0].value.manifests[0]: no manifest in the bundle is VerticalPodAutoscaler/my-vpa"
                + " of group \"autoscaling.k8s.io\"; the entry has no effect");
    }

    @Test
    void csvCrdAndCoreKindsCannotBeMadeOptional() {
        write(root, "manifests/sa.yaml", "apiVersion: v1\nkind: ServiceAccount\nmetadata: {name: sa}\n");
        write(root, "metadata/properties.yaml", optional("""
                  - {group: operators.coreos.com, kind: ClusterServiceVersion, name: demo.v1.2.3}
                  - {group: apiextensions.k8s.io, kind: CustomResourceDefinition, name: widgets.example.com}
                  - {group: "", kind: ServiceAccount, name: sa}
                  - {kind: ClusterRole, name: r}
                """));

        BundleReadResult result = reader.read(root);

        Bundle bundle = result.bundle().orElseThrow();
        assertThat(bundle.optionalManifests()).isEmpty();
        assertThat(bundle.manifests()).noneMatch(bundle::isListedOptional);
        assertThat(result.diagnostics().warnings()).hasSize(4).allSatisfy(w -> assertThat(w.message())
                .contains("cannot be optional").contains("stays required"));
        assertThat(result.diagnostics().warnings().get(2).field()).isEqualTo("properties[0].value.manifests[2]");
    }

    @Test
    void aCoreKindNameInAnotherGroupCanBeOptional() {
        write(root, "manifests/secret.yaml",
                "apiVersion: secretsmanager.services.k8s.aws/v1alpha1\nkind: Secret\nmetadata: {name: s}\n");
        write(root, "metadata/properties.yaml",
                optional("  - {group: secretsmanager.services.k8s.aws, kind: Secret, name: s}\n"));

        BundleReadResult result = reader.read(root);

        assertThat(result.diagnostics().all()).isEmpty();
        assertThat(result.bundle().orElseThrow().optionalManifests()).hasSize(1);
    }

    @Test
    void malformedOptionalEntriesNameTheMetadataFileAndField() {
        write(root, "metadata/properties.yaml", optional("""
                  - {group: monitoring.coreos.com, name: demo-metrics}
                  - {group: monitoring.coreos.com, kind: ServiceMonitor}
                  - just-a-string
                """));

        BundleReadResult result = reader.read(root);

        assertThat(result.bundle()).isEmpty();
        assertThat(lines(result.diagnostics().errors())).containsExactly(
                "error: metadata/properties.yaml[doc 0]: field properties[0].value.manifests[0].kind: an optional"
                        + " manifest entry needs a kind (a string)",
                "error: metadata/properties.yaml[doc 0]: field properties[0].value.manifests[1].name: an optional"
                        + " manifest entry needs a name (a string)",
                "error: metadata/properties.yaml[doc 0]: field properties[0].value.manifests[2]: an optional manifest"
                        + " entry is a string, not a {group, kind, namespace?, name} mapping");
    }

    @Test
    void anOptionalValueWithoutManifestsListIsAnError() {
        write(root, "metadata/properties.yaml", "properties:\n- type: olm.manifests.optional\n  value: {}\n");

        assertThat(lines(reader.read(root).diagnostics().errors())).singleElement().asString()
                .contains("field properties[0].value.manifests: the olm.manifests.optional value needs a manifests: list");
    }

    @Test
    void optionalEntriesInTheCsvAnnotationAreReportedAgainstTheCsv() {
        write(root, "manifests/demo.clusterserviceversion.yaml", CSV.replace("capabilities: Basic Install",
                "olm.properties: '[{\"type\": \"olm.manifests.optional\", \"value\": {\"manifests\": [{\"kind\": \"X\"}]}}]'"));

        assertThat(reader.read(root).diagnostics().errors()).singleElement().satisfies(e -> {
            assertThat(e.object()).isEqualTo("ClusterServiceVersion/demo.v1.2.3");
            assertThat(e.field()).isEqualTo("metadata.annotations[\"olm.properties\"][0].value.manifests[0].name");
        });
    }
}
