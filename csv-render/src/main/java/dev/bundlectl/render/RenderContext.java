package dev.bundlectl.render;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What every part of a rendering shares: the CSV, the resolved install mode and the ownership
 * labels; and the one way to start a rendered object.
 *
 * @param csv the CSV's spec
 * @param mode the install mode with its namespaces
 * @param labels the ownership labels ({@link RenderLabels})
 */
record RenderContext(CsvSpec csv, ResolvedInstallMode mode, Map<String, String> labels) {

    RenderContext {
        // Insertion order kept: the labels print in the same order on every object.
        labels = Collections.unmodifiableMap(new LinkedHashMap<>(labels));
    }

    static RenderContext of(CsvSpec csv, ResolvedInstallMode mode) {
        return new RenderContext(csv, mode, RenderLabels.of(csv.name(), mode.operatorNamespace()));
    }

    String operatorNamespace() {
        return mode.operatorNamespace();
    }

    /** A namespaced object in the operator namespace with the ownership labels. */
    RenderedObject namespaced(String apiVersion, String kind, String name, ObjectSpec spec) {
        return namespacedIn(mode.operatorNamespace(), apiVersion, kind, name, spec);
    }

    /** A namespaced object in {@code namespace} with the ownership labels. */
    RenderedObject namespacedIn(String namespace, String apiVersion, String kind, String name, ObjectSpec spec) {
        ObjectNode body = start(apiVersion, kind, name, namespace, Map.of());
        spec.fill(body);
        return new RenderedObject(body, namespace);
    }

    /** A cluster-scoped object with the ownership labels. */
    RenderedObject clusterScoped(String apiVersion, String kind, String name, ObjectSpec spec) {
        ObjectNode body = start(apiVersion, kind, name, null, Map.of());
        spec.fill(body);
        return new RenderedObject(body, null);
    }

    /**
     * {@code apiVersion}, {@code kind} and {@code metadata} (name, namespace, labels: the extra
     * ones first, the ownership labels last so that they win).
     */
    ObjectNode start(String apiVersion, String kind, String name, String namespace, Map<String, String> extraLabels) {
        ObjectNode body = Json.object();
        body.put("apiVersion", apiVersion);
        body.put("kind", kind);
        ObjectNode metadata = body.putObject("metadata");
        metadata.put("name", name);
        if (namespace != null) {
            metadata.put("namespace", namespace);
        }
        ObjectNode labelNode = metadata.putObject("labels");
        extraLabels.forEach(labelNode::put);
        labels.forEach(labelNode::put);
        return body;
    }

    /** Fills in the rest of an object after its metadata. */
    @FunctionalInterface
    interface ObjectSpec {
        void fill(ObjectNode body);
    }
}
