package dev.bundlectl.executor.testing;

import dev.bundlectl.bundle.PayloadReadResult;
import dev.bundlectl.bundle.read.PayloadReader;
import dev.bundlectl.plan.model.InstallPlan;
import dev.bundlectl.plan.PayloadPlanRequest;
import dev.bundlectl.plan.PayloadPlanner;
import dev.bundlectl.plan.PlanRequest;
import dev.bundlectl.plan.api.UncheckedApiSurface;
import dev.bundlectl.plan.payload.InstallHistory;
import dev.bundlectl.plan.payload.PayloadFilterSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A release-payload directory written by a test, and its plan as the CLI would make it. */
public final class PayloadDirectory {

    private final Path root;

    public PayloadDirectory(Path root) {
        this.root = root;
    }

    public Path root() {
        return root;
    }

    /** Writes one file (YAML, possibly several documents). */
    public PayloadDirectory file(String name, String yaml) {
        try {
            Path file = root.resolve(name);
            Files.createDirectories(file.getParent());
            Files.writeString(file, yaml);
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A ConfigMap in {@code namespace} with extra annotation lines (YAML, already indented by four). */
    public static String configMap(String namespace, String name, String... annotations) {
        StringBuilder yaml = new StringBuilder("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: " + name
                + "\n  namespace: " + namespace + "\n");
        if (annotations.length > 0) {
            yaml.append("  annotations:\n");
            for (String annotation : annotations) {
                yaml.append("    ").append(annotation).append('\n');
            }
        }
        return yaml.append("data:\n  key: value\n").toString();
    }

    /** The {@code widgets.example.com} CRD (kind Widget, version v1), as YAML. */
    public static String widgetCrd() {
        return """
                apiVersion: apiextensions.k8s.io/v1
                kind: CustomResourceDefinition
                metadata:
                  name: widgets.example.com
                spec:
                  group: example.com
                  scope: Namespaced
                  names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}
                  versions:
                  - name: v1
                    served: true
                    storage: true
                    schema:
                      openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}
                """;
    }

    /** The plan, as {@code bundlectl plan} makes it: no capability or profile filtering, a first install. */
    public InstallPlan plan(String namespace) {
        PayloadReadResult read = new PayloadReader().read(root);
        if (read.diagnostics().hasErrors()) {
            throw new IllegalStateException("payload has errors: " + read.diagnostics().errors());
        }
        PayloadPlanRequest request = new PayloadPlanRequest(
                PlanRequest.of(namespace, new UncheckedApiSurface(), root.toString()), "payload",
                new PayloadFilterSettings(null, null, null), null, InstallHistory.FIRST_INSTALL);
        return new PayloadPlanner().plan(read.manifests(), request).result().plan();
    }
}
