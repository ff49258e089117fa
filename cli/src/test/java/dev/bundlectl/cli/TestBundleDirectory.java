package dev.bundlectl.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A registry+v1 bundle directory written by a test: a CSV, the annotations, and ConfigMaps. */
final class TestBundleDirectory {

    private final Path root;

    private TestBundleDirectory(Path root) {
        this.root = root;
    }

    /** A bundle of {@code packageName} with a CSV and nothing else yet. */
    static TestBundleDirectory create(Path root, String packageName) {
        TestBundleDirectory bundle = new TestBundleDirectory(root);
        bundle.write("metadata/annotations.yaml", """
                annotations:
                  operators.operatorframework.io.bundle.mediatype.v1: registry+v1
                  operators.operatorframework.io.bundle.manifests.v1: manifests/
                  operators.operatorframework.io.bundle.metadata.v1: metadata/
                  operators.operatorframework.io.bundle.package.v1: %s
                  operators.operatorframework.io.bundle.channels.v1: stable
                  operators.operatorframework.io.bundle.channel.default.v1: stable
                """.formatted(packageName));
        bundle.write("manifests/" + packageName + ".clusterserviceversion.yaml", """
                apiVersion: operators.coreos.com/v1alpha1
                kind: ClusterServiceVersion
                metadata:
                  name: %s.v1.0.0
                spec:
                  displayName: Test operator
                  version: 1.0.0
                  # OLM's CSV schema requires an install strategy; a real API server refuses the CSV without one.
                  install:
                    strategy: deployment
                    spec:
                      deployments: []
                  # OLM installs a CSV only where an OperatorGroup targets a mode the CSV supports, so OLM
                  # mode's OperatorGroup step needs one (AllNamespaces, as most real CSVs declare).
                  installModes:
                  - {type: OwnNamespace, supported: true}
                  - {type: SingleNamespace, supported: true}
                  - {type: MultiNamespace, supported: false}
                  - {type: AllNamespaces, supported: true}
                """.formatted(packageName));
        return bundle;
    }

    /** Adds a ConfigMap with annotation lines such as {@code capability.openshift.io/name: Console}. */
    TestBundleDirectory configMap(String name, String... annotations) {
        StringBuilder yaml = new StringBuilder("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: " + name + "\n");
        if (annotations.length > 0) {
            yaml.append("  annotations:\n");
            for (String annotation : annotations) {
                yaml.append("    ").append(annotation).append('\n');
            }
        }
        yaml.append("data:\n  key: value\n");
        return write("manifests/" + name + ".configmap.yaml", yaml.toString());
    }

    TestBundleDirectory write(String relative, String content) {
        try {
            Path file = root.resolve(relative);
            Files.createDirectories(file.getParent());
            Files.writeString(file, content);
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    Path root() {
        return root;
    }

    @Override
    public String toString() {
        return root.toString();
    }
}
