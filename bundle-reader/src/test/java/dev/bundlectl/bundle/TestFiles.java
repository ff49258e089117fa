package dev.bundlectl.bundle;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Small bundles and payload directories written into a test's temporary directory. */
final class TestFiles {

    static final String ANNOTATIONS = """
            annotations:
              operators.operatorframework.io.bundle.mediatype.v1: registry+v1
              operators.operatorframework.io.bundle.manifests.v1: manifests/
              operators.operatorframework.io.bundle.metadata.v1: metadata/
              operators.operatorframework.io.bundle.package.v1: demo
              operators.operatorframework.io.bundle.channels.v1: stable
              operators.operatorframework.io.bundle.channel.default.v1: stable
            """;

    static final String CSV = """
            apiVersion: operators.coreos.com/v1alpha1
            kind: ClusterServiceVersion
            metadata:
              name: demo.v1.2.3
              annotations:
                capabilities: Basic Install
            spec:
              version: 1.2.3
              customresourcedefinitions:
                owned:
                - name: widgets.example.com
                  version: v1
                  kind: Widget
                - name: widgets.example.com
                  version: v1beta1
                  kind: Widget
            """;

    static final String CRD = """
            apiVersion: apiextensions.k8s.io/v1
            kind: CustomResourceDefinition
            metadata:
              name: widgets.example.com
            spec:
              group: example.com
              names: {kind: Widget, plural: widgets}
              scope: Namespaced
            """;

    static final String SERVICE_MONITOR = """
            apiVersion: monitoring.coreos.com/v1
            kind: ServiceMonitor
            metadata:
              name: demo-metrics
              namespace: demo
            spec:
              endpoints: [{port: metrics}]
            """;

    /** A {@code kind: List} of two ConfigMaps, {@code one} and {@code two}. */
    static final String CONFIG_MAP_LIST = """
            apiVersion: v1
            kind: List
            items:
            - apiVersion: v1
              kind: ConfigMap
              metadata: {name: one}
            - apiVersion: v1
              kind: ConfigMap
              metadata: {name: two}
            """;

    private TestFiles() {
    }

    /** Writes {@code content} to {@code root/relative}, creating directories. */
    static Path write(Path root, String relative, String content) {
        return write(root, relative, content.getBytes(StandardCharsets.UTF_8));
    }

    static Path write(Path root, String relative, byte[] content) {
        Path file = root.resolve(relative);
        try {
            Files.createDirectories(file.getParent());
            Files.write(file, content);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return file;
    }

    /** A valid bundle: annotations, a CSV, a CRD and a ServiceMonitor. */
    static Path bundle(Path root) {
        write(root, "metadata/annotations.yaml", ANNOTATIONS);
        write(root, "manifests/demo.clusterserviceversion.yaml", CSV);
        write(root, "manifests/widgets.crd.yaml", CRD);
        write(root, "manifests/servicemonitor.yaml", SERVICE_MONITOR);
        return root;
    }
}
