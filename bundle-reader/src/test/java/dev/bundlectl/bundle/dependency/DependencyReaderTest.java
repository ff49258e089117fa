package dev.bundlectl.bundle.dependency;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.bundle.Bundle;
import dev.bundlectl.bundle.BundleReadResult;
import dev.bundlectl.bundle.Diagnostic;
import dev.bundlectl.bundle.read.BundleReader;
import dev.bundlectl.bundle.version.SemanticVersion;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Dependencies as {@link BundleReader} reads them from dependencies.yaml and properties. */
class DependencyReaderTest {

    private static final String CSV = """
            apiVersion: operators.coreos.com/v1alpha1
            kind: ClusterServiceVersion
            metadata:
              name: demo.v1.2.3
            spec:
              version: 1.2.3
              install:
                strategy: deployment
                spec:
                  deployments: []
            """;

    @TempDir
    Path root;

    private final BundleReader reader = new BundleReader();

    @BeforeEach
    void writeBundle() {
        write("manifests/demo.clusterserviceversion.yaml", CSV);
        write("metadata/annotations.yaml", """
                annotations:
                  operators.operatorframework.io.bundle.mediatype.v1: registry+v1
                  operators.operatorframework.io.bundle.manifests.v1: manifests/
                  operators.operatorframework.io.bundle.metadata.v1: metadata/
                  operators.operatorframework.io.bundle.package.v1: demo
                """);
    }

    @Test
    void aBundleWithoutDependenciesHasNone() {
        assertThat(reader.read(root).bundle().orElseThrow().dependencies()).isEmpty();
    }

    @Test
    void packageAndGvkEntriesOfDependenciesYamlAreRead() {
        write("metadata/dependencies.yaml", """
                dependencies:
                  - type: olm.package
                    value:
                      packageName: etcd
                      version: ">=0.9.0 <0.10.0"
                  - type: olm.gvk
                    value:
                      group: etcd.database.coreos.com
                      kind: EtcdCluster
                      version: v1beta2
                  - type: olm.package
                    value:
                      packageName: etcd
                      version: ">=0.9.0 <0.10.0"
                """);

        BundleReadResult result = reader.read(root);

        List<Dependency> dependencies = result.bundle().orElseThrow().dependencies();
        assertThat(dependencies).hasSize(2);
        RequiredPackage etcd = (RequiredPackage) dependencies.get(0);
        assertThat(etcd.packageName()).isEqualTo("etcd");
        assertThat(etcd.satisfiedBy("etcd", SemanticVersion.parse("0.9.4").orElseThrow())).isTrue();
        assertThat(etcd.satisfiedBy("etcd", SemanticVersion.parse("0.10.0").orElseThrow())).isFalse();
        assertThat(etcd.satisfiedBy("other", SemanticVersion.parse("0.9.4").orElseThrow())).isFalse();
        assertThat(dependencies.get(1)).isEqualTo(new RequiredGvk("etcd.database.coreos.com", "v1beta2", "EtcdCluster"));
        assertThat(dependencies.get(1).describe()).isEqualTo("API etcd.database.coreos.com/v1beta2 EtcdCluster");
        assertThat(result.diagnostics().all()).isEmpty();
    }

    @Test
    void requiredPropertiesAndPackageOrGvkConstraintsAreRead() {
        write("metadata/properties.yaml", """
                properties:
                  - type: olm.package.required
                    value: {packageName: zookeeper, versionRange: "1.x"}
                  - type: olm.gvk.required
                    value: {group: "", version: v1, kind: ConfigMap}
                  - type: olm.constraint
                    value:
                      failureMessage: needs cert-manager
                      package: {packageName: cert-manager, versionRange: ">=1.0.0"}
                  - type: olm.constraint
                    value:
                      gvk: {group: monitoring.coreos.com, version: v1, kind: ServiceMonitor}
                """);

        Bundle bundle = reader.read(root).bundle().orElseThrow();

        assertThat(bundle.dependencies()).extracting(Dependency::describe).containsExactly(
                "package zookeeper 1.x", "API v1 ConfigMap", "package cert-manager >=1.0.0",
                "API monitoring.coreos.com/v1 ServiceMonitor");
        RequiredPackage zookeeper = (RequiredPackage) bundle.dependencies().get(0);
        assertThat(zookeeper.satisfiedBy("zookeeper", SemanticVersion.parse("1.7.0").orElseThrow())).isTrue();
        assertThat(zookeeper.satisfiedBy("zookeeper", SemanticVersion.parse("2.0.0").orElseThrow())).isFalse();
    }

    @Test
    void typesBundlectlDoesNotCheckAreWarningsNamingThem() {
        write("metadata/dependencies.yaml", """
                dependencies:
                  - type: olm.label
                    value: {label: "beta"}
                  - type: olm.flavour
                    value: {}
                  - type: olm.constraint
                    value:
                      cel: {rule: 'properties.exists(p, p.type == "certified")'}
                """);

        BundleReadResult result = reader.read(root);

        assertThat(result.bundle().orElseThrow().dependencies()).isEmpty();
        assertThat(lines(result.diagnostics().all())).containsExactly(
                "warning: metadata/dependencies.yaml[doc 0]: field dependencies[0].value: a olm.label dependency is not"
                        + " checked: bundlectl checks package and GVK dependencies",
                "warning: metadata/dependencies.yaml[doc 0]: field dependencies[1].type: dependency type olm.flavour is"
                        + " not one bundlectl knows (olm.package, olm.gvk, olm.constraint); it is not checked",
                "warning: metadata/dependencies.yaml[doc 0]: field dependencies[2].value: an olm.constraint of cel is"
                        + " not checked: bundlectl checks package and gvk constraints");
    }

    @Test
    void malformedEntriesAreErrorsNamingFileAndField() {
        write("metadata/dependencies.yaml", """
                dependencies:
                  - type: olm.package
                    value:
                      packageName: etcd
                  - type: olm.package
                    value:
                      packageName: etcd
                      version: ">=banana"
                  - type: olm.gvk
                    value: [group]
                  - value: {}
                """);

        BundleReadResult result = reader.read(root);

        assertThat(result.bundle()).isEmpty();
        assertThat(lines(result.diagnostics().errors())).containsExactly(
                "error: metadata/dependencies.yaml[doc 0]: field dependencies[0].value.version: is required",
                "error: metadata/dependencies.yaml[doc 0]: field dependencies[1].value.version: not a version range:"
                        + " \">=banana\": \">=banana\" is not a comparison with a semantic version (MAJOR.MINOR.PATCH,"
                        + " or a wildcard such as 1.x or 1.2.x)",
                "error: metadata/dependencies.yaml[doc 0]: field dependencies[2].value: the value is a list, not a mapping",
                "error: metadata/dependencies.yaml[doc 0]: field dependencies[3].type: a dependency needs a type"
                        + " (olm.package or olm.gvk)");
    }

    @Test
    void aMisIndentedFileIsAnErrorNamingItsLine() {
        write("metadata/dependencies.yaml", """
                dependencies:
                  - type: olm.gvk
                      value:
                        group: eventing.knative.dev
                """);

        BundleReadResult result = reader.read(root);

        assertThat(result.bundle()).isEmpty();
        assertThat(lines(result.diagnostics().errors())).singleElement().asString()
                .startsWith("error: metadata/dependencies.yaml[doc 0]: YAML syntax error at line 3");
    }

    private static List<String> lines(List<Diagnostic> diagnostics) {
        return diagnostics.stream().map(Diagnostic::toString).toList();
    }

    private void write(String relative, String content) {
        try {
            Path file = root.resolve(relative);
            Files.createDirectories(file.getParent());
            Files.writeString(file, content);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
