package dev.bundlectl.bundle;

import dev.bundlectl.bundle.read.BundleReader;
import static dev.bundlectl.bundle.TestFiles.ANNOTATIONS;
import static dev.bundlectl.bundle.TestFiles.CSV;
import static dev.bundlectl.bundle.TestFiles.write;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Layout, annotations and object validation of {@link BundleReader}. */
class BundleReaderTest {

    @TempDir
    Path root;

    private final BundleReader reader = new BundleReader();

    private Bundle readOk() {
        BundleReadResult result = reader.read(root);
        assertThat(result.diagnostics().errors()).isEmpty();
        assertThat(result.bundle()).isPresent();
        return result.bundle().get();
    }

    private List<Diagnostic> errorsOf() {
        BundleReadResult result = reader.read(root);
        assertThat(result.bundle()).isEmpty();
        return result.diagnostics().errors();
    }

    private static List<String> lines(List<Diagnostic> diagnostics) {
        return diagnostics.stream().map(Diagnostic::toString).toList();
    }

    @Test
    void readsAValidBundleInSortedFileOrder() {
        TestFiles.bundle(root);

        Bundle bundle = readOk();

        assertThat(bundle.root()).isEqualTo(root);
        assertThat(bundle.csv().name()).isEqualTo("demo.v1.2.3");
        assertThat(bundle.manifests()).extracting(m -> m.source().file()).containsExactly(
                "manifests/demo.clusterserviceversion.yaml", "manifests/servicemonitor.yaml",
                "manifests/widgets.crd.yaml");
        assertThat(bundle.annotations().packageName()).isEqualTo("demo");
        assertThat(bundle.annotations().channels()).containsExactly("stable");
        assertThat(bundle.annotations().defaultChannel()).isEqualTo("stable");
        assertThat(bundle.packageName()).isEqualTo("demo");
        assertThat(bundle.manifests().get(1).namespace()).isEqualTo("demo");
        assertThat(bundle.csv().annotation("capabilities")).isEqualTo("Basic Install");
    }

    @Test
    void withoutAnnotationsFileTheDefaultDirectoriesAreRead() {
        write(root, "manifests/csv.yaml", CSV);

        Bundle bundle = readOk();

        assertThat(bundle.annotations().manifestsDir()).isEqualTo("manifests/");
        assertThat(bundle.annotations().metadataDir()).isEqualTo("metadata/");
        assertThat(bundle.annotations().packageName()).isNull();
        assertThat(bundle.annotations().channels()).isEmpty();
        assertThat(bundle.packageName()).isEqualTo("demo.v1.2.3");
    }

    @Test
    void annotationsNameTheDirectories() {
        write(root, "metadata/annotations.yaml", ANNOTATIONS.replace(": manifests/", ": deploy/"));
        write(root, "deploy/csv.yaml", CSV);
        write(root, "manifests/other.yaml", "kind: Broken\n");

        Bundle bundle = readOk();

        assertThat(bundle.manifests()).extracting(m -> m.source().file()).containsExactly("deploy/csv.yaml");
    }

    @Test
    void anAnnotatedDirectoryOutsideTheBundleIsRejected() {
        write(root, "metadata/annotations.yaml", ANNOTATIONS.replace(": manifests/", ": ../elsewhere/"));

        assertThat(lines(errorsOf())).singleElement().asString()
                .startsWith("error: metadata/annotations.yaml: field annotations[\"operators.operatorframework.io.bundle.manifests.v1\"]")
                .contains("inside the bundle");
    }

    @Test
    void manifestsAtTheRootAreRejectedWithTheLayoutFound() {
        write(root, "metadata/annotations.yaml", ANNOTATIONS);
        write(root, "demo.clusterserviceversion.yaml", CSV);
        write(root, "service.yaml", "apiVersion: v1\nkind: Service\nmetadata: {name: s}\n");

        assertThat(errorsOf()).singleElement().satisfies(e -> {
            assertThat(e.location().file()).isEqualTo("manifests/");
            assertThat(e.message()).contains("the manifests are at the bundle root")
                    .contains("2 manifest files").contains("demo.clusterserviceversion.yaml")
                    .contains("move them into manifests/");
        });
    }

    @Test
    void aBundleNestedOneLevelDownIsRejectedWithThePathToRead() {
        TestFiles.bundle(root.resolve("bundle"));
        write(root, "release-config.yaml", "x: 1\n");

        assertThat(errorsOf()).singleElement().extracting(Diagnostic::message).asString()
                .contains("nested one level down in bundle/").contains("read " + root.resolve("bundle"));
    }

    @Test
    void aDirectoryWithoutManifestsSaysWhatItFound() {
        write(root, "README.md", "hello\n");

        assertThat(errorsOf()).singleElement().extracting(Diagnostic::message).asString()
                .isEqualTo("there is no manifests/ directory; found README.md");
    }

    @Test
    void aMissingDirectoryIsAnErrorNotAnException() {
        BundleReadResult result = reader.read(root.resolve("nope"));

        assertThat(result.bundle()).isEmpty();
        assertThat(lines(result.diagnostics().errors())).singleElement().asString().endsWith("not a directory");
    }

    @Test
    void strayFilesInManifestsAreIgnoredWithWarningsAndBackupsInMetadataSilently() {
        TestFiles.bundle(root);
        write(root, "manifests/Dockerfile", "FROM scratch\n");
        write(root, "manifests/layer.opq", "");
        write(root, "manifests/old.yaml.bak", "kind: nope\n");
        write(root, "manifests/nested/x.yaml", CSV);
        write(root, "metadata/annotations.yaml.bak", "annotations: {}\n");
        write(root, "metadata/.wh..wh..opq", "");
        write(root, "metadata/notes.txt", "hello\n");

        BundleReadResult result = reader.read(root);

        assertThat(result.bundle()).isPresent();
        assertThat(lines(result.diagnostics().warnings())).containsExactlyInAnyOrder(
                "warning: manifests/nested/: ignored: subdirectories of the manifests directory are not read",
                "warning: manifests/Dockerfile: ignored: not a .yaml, .yml, .json or .crd file",
                "warning: manifests/layer.opq: ignored: not a .yaml, .yml, .json or .crd file",
                "warning: manifests/old.yaml.bak: ignored: not a .yaml, .yml, .json or .crd file",
                "warning: metadata/notes.txt: ignored: not a .yaml, .yml or .json file");
    }

    @Test
    void crdJsonAndYmlFilesAreRead() {
        write(root, "manifests/csv.yml", CSV);
        write(root, "manifests/widgets.crd", TestFiles.CRD);
        write(root, "manifests/cm.json", "{\"apiVersion\": \"v1\", \"kind\": \"ConfigMap\", \"metadata\": {\"name\": \"c\"}}");

        assertThat(readOk().manifests()).extracting(Manifest::kind)
                .containsExactly("ConfigMap", "ClusterServiceVersion", "CustomResourceDefinition");
    }

    @Test
    void nonStringAnnotationValuesWarnAndBecomeText() {
        write(root, "metadata/annotations.yaml", ANNOTATIONS + "  com.redhat.delivery.operator.bundle: true\n"
                + "  com.example.count: 3\n");
        write(root, "manifests/csv.yaml", CSV);

        BundleReadResult result = reader.read(root);

        assertThat(result.bundle()).isPresent();
        assertThat(result.bundle().get().annotations().all())
                .containsEntry("com.redhat.delivery.operator.bundle", "true").containsEntry("com.example.count", "3");
        assertThat(result.diagnostics().warnings()).extracting(Diagnostic::field).containsExactly(
                "annotations[\"com.redhat.delivery.operator.bundle\"]", "annotations[\"com.example.count\"]");
        assertThat(result.diagnostics().warnings().get(0).message()).contains("a boolean, not a string");
    }

    @Test
    void channelsAreSplitOnCommasAndAMissingDefaultWarnsOnlyAmongSeveral() {
        write(root, "metadata/annotations.yaml", ANNOTATIONS
                .replace("channels.v1: stable", "channels.v1: stable, fast,,candidate")
                .replace("  operators.operatorframework.io.bundle.channel.default.v1: stable\n", ""));
        write(root, "manifests/csv.yaml", CSV);

        BundleReadResult result = reader.read(root);

        assertThat(result.bundle().orElseThrow().annotations().channels()).containsExactly("stable", "fast", "candidate");
        assertThat(result.bundle().get().annotations().defaultChannel()).isNull();
        assertThat(result.diagnostics().warnings()).singleElement().extracting(Diagnostic::message).asString()
                .contains("no default channel among the channels stable, fast, candidate");
    }

    @Test
    void aSingleChannelWithoutDefaultIsFine() {
        write(root, "metadata/annotations.yaml",
                ANNOTATIONS.replace("  operators.operatorframework.io.bundle.channel.default.v1: stable\n", ""));
        write(root, "manifests/csv.yaml", CSV);

        BundleReadResult result = reader.read(root);

        assertThat(result.bundle()).isPresent();
        assertThat(result.diagnostics().all()).isEmpty();
    }

    @Test
    void anotherMediaTypeIsRejected() {
        write(root, "metadata/annotations.yaml", ANNOTATIONS.replace("registry+v1", "plain+v0"));
        write(root, "manifests/csv.yaml", CSV);

        assertThat(errorsOf()).singleElement().extracting(Diagnostic::message).asString()
                .contains("\"plain+v0\"").contains("only registry+v1");
    }

    @Test
    void anAnnotationsFileWithoutAnnotationsIsAnError() {
        write(root, "metadata/annotations.yaml", "labels: {}\n");
        write(root, "manifests/csv.yaml", CSV);

        assertThat(lines(errorsOf())).singleElement().asString()
                .isEqualTo("error: metadata/annotations.yaml[doc 0]: field annotations: the file needs a top-level"
                        + " annotations: mapping of keys to values");
    }

    @Test
    void noCsvIsAnErrorNamingTheManifestsDirectory() {
        write(root, "manifests/cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\n");

        assertThat(lines(errorsOf())).singleElement().asString()
                .isEqualTo("error: manifests/: the bundle has no valid ClusterServiceVersion; it needs exactly one");
    }

    @Test
    void twoCsvsAreAnErrorNamingBothFiles() {
        write(root, "manifests/a.yaml", CSV);
        write(root, "manifests/b.yaml", CSV.replace("demo.v1.2.3", "demo.v2.0.0"));

        assertThat(errorsOf()).singleElement().extracting(Diagnostic::message).asString()
                .contains("2 ClusterServiceVersions")
                .contains("ClusterServiceVersion/demo.v1.2.3 in manifests/a.yaml[doc 0]")
                .contains("ClusterServiceVersion/demo.v2.0.0 in manifests/b.yaml[doc 0]");
    }

    @Test
    void aMissingKindNamesFileDocumentAndField() {
        write(root, "manifests/csv.yaml", CSV);
        write(root, "manifests/svc.yaml", "---\napiVersion: v1\nkind: Service\nmetadata: {name: a}\n---\n"
                + "apiVersion: v1\nmetadata: {name: b}\n");

        assertThat(lines(errorsOf())).containsExactly(
                "error: manifests/svc.yaml[doc 1]: b: field kind: the object has no kind");
    }

    @Test
    void aMisspelledKeyGetsAHint() {
        write(root, "manifests/csv.yaml", CSV.replace("apiVersion:", "ApiVersion:"));

        List<String> errors = lines(errorsOf());
        assertThat(errors.get(0)).isEqualTo("error: manifests/csv.yaml[doc 0]: ClusterServiceVersion/demo.v1.2.3:"
                + " field apiVersion: the object has no apiVersion; it has a key spelled 'ApiVersion': did you mean"
                + " apiVersion?");
        assertThat(errors.get(1)).contains("no valid ClusterServiceVersion").contains("1 unreadable file(s) or invalid");
    }

    @Test
    void missingNameAndWrongTypesAreErrors() {
        write(root, "manifests/csv.yaml", CSV);
        write(root, "manifests/bad.yaml", """
                apiVersion: v1
                kind: ConfigMap
                metadata: {namespace: x}
                ---
                apiVersion: v1
                kind: 5
                metadata: {name: n}
                ---
                - just
                - a list
                ---
                apiVersion: v1
                kind: Secret
                """);

        assertThat(lines(errorsOf())).containsExactly(
                "error: manifests/bad.yaml[doc 0]: ConfigMap: field metadata.name: the object has no name",
                "error: manifests/bad.yaml[doc 1]: n: field kind: kind is a number, not a string",
                "error: manifests/bad.yaml[doc 2]: the document is a list, not a Kubernetes object (a mapping)",
                "error: manifests/bad.yaml[doc 3]: Secret: field metadata: the object has no metadata (it needs"
                        + " metadata.name)");
    }

    @Test
    void listKindsAreExpandedIntoTheirItems() {
        write(root, "manifests/csv.yaml", CSV);
        write(root, "manifests/list.yaml", TestFiles.CONFIG_MAP_LIST);

        Bundle bundle = readOk();

        assertThat(bundle.manifests()).extracting(Manifest::displayName)
                .containsExactly("ClusterServiceVersion/demo.v1.2.3", "ConfigMap/one", "ConfigMap/two");
        assertThat(bundle.manifests().get(2).source()).hasToString("manifests/list.yaml[doc 0]");
    }

    @Test
    void anInvalidListItemNamesItsIndex() {
        write(root, "manifests/csv.yaml", CSV);
        write(root, "manifests/list.yaml", "apiVersion: v1\nkind: ConfigMapList\nitems:\n- {apiVersion: v1, metadata: {name: x}}\n");

        assertThat(lines(errorsOf())).containsExactly(
                "error: manifests/list.yaml[doc 0]: x: field items[0].kind: the object has no kind");
    }

    @Test
    void identicalDuplicatesAreKeptOnceWithAWarning() {
        TestFiles.bundle(root);
        write(root, "manifests/zz-copy.yaml", TestFiles.SERVICE_MONITOR);

        BundleReadResult result = reader.read(root);

        assertThat(result.bundle().orElseThrow().manifests()).hasSize(3);
        assertThat(lines(result.diagnostics().warnings())).containsExactly(
                "warning: manifests/zz-copy.yaml[doc 0]: ServiceMonitor/demo-metrics: the same object, identical, is"
                        + " also in manifests/servicemonitor.yaml[doc 0]; it is kept once");
    }

    @Test
    void differingDuplicatesAreAnErrorNamingBothLocations() {
        TestFiles.bundle(root);
        write(root, "manifests/zz-copy.yaml", TestFiles.SERVICE_MONITOR.replace("metrics}", "web}"));

        assertThat(lines(errorsOf())).containsExactly(
                "error: manifests/zz-copy.yaml[doc 0]: ServiceMonitor/demo-metrics: another object with the same"
                        + " apiVersion, kind, namespace and name but different content is in"
                        + " manifests/servicemonitor.yaml[doc 0]; remove one of them");
    }

    @Test
    void nonStringManifestAnnotationsWarnAndBecomeText() {
        write(root, "manifests/csv.yaml", CSV.replace("capabilities: Basic Install", "replicas: 3"));

        BundleReadResult result = reader.read(root);

        assertThat(result.bundle().orElseThrow().csv().annotation("replicas")).isEqualTo("3");
        assertThat(lines(result.diagnostics().warnings())).containsExactly(
                "warning: manifests/csv.yaml[doc 0]: ClusterServiceVersion/demo.v1.2.3: field"
                        + " metadata.annotations.replicas: the annotation value is a number, not a string; it is read"
                        + " as the text \"3\"");
    }

    @Test
    void unsupportedKindsAreKeptForThePlanner() {
        write(root, "manifests/csv.yaml", CSV);
        write(root, "manifests/deploy.yaml", "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d}\n");

        Bundle bundle = readOk();

        assertThat(bundle.manifests()).extracting(Manifest::kind).contains("Deployment");
        assertThat(RegistryV1Kinds.isSupported("Deployment")).isFalse();
        assertThat(RegistryV1Kinds.isSupported("VerticalPodAutoscaler")).isTrue();
        assertThat(RegistryV1Kinds.ALL).hasSize(22);
    }

    @Test
    void anUnusualCsvApiVersionWarns() {
        write(root, "manifests/csv.yaml", CSV.replace("operators.coreos.com/v1alpha1", "operators.coreos.com/v1"));

        BundleReadResult result = reader.read(root);

        assertThat(result.bundle()).isPresent();
        assertThat(result.diagnostics().warnings()).singleElement().extracting(Diagnostic::field).isEqualTo("apiVersion");
    }
}
