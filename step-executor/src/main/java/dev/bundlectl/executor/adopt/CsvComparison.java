package dev.bundlectl.executor.adopt;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.executor.diff.DiffSubject;
import dev.bundlectl.executor.diff.ObjectNormalisation;
import dev.bundlectl.executor.diff.StepDiff;
import dev.bundlectl.executor.records.ClientErrors;
import dev.bundlectl.plan.model.StepResource;
import io.vertx.core.Future;

/**
 * The running CSV against the bundle's, for an adoption (docs/semantics.md §11). An install never
 * writes an existing CSV, so the plan's diff cannot compare it; this compares the {@code spec} of
 * both, without {@code spec.replaces}, which OLM's resolver sets to whatever CSV was installed
 * before, whatever the bundle says. The bundle's CSV is first sent as a server-side dry run of a
 * create (under a generated name: the real one exists), so that it is compared as the API server
 * would keep it, its schema's defaults filled in and unknown fields dropped, as the running one
 * was when OLM created it. Nothing is written.
 */
final class CsvComparison {

    /** {@code spec.cleanup} as OLM's Go types write it when the bundle says nothing: cleanup is off. */
    private static final ObjectNode CLEANUP_DISABLED = JsonNodeFactory.instance.objectNode().put("enabled", false);

    private final KubeApi api;

    CsvComparison(KubeApi api) {
        this.api = api;
    }

    /**
     * {@link StepDiff.Unchanged} when both specs are the same, {@link StepDiff.Changed} (the CSV's
     * name and spec, each side) when not, {@link StepDiff.NotDiffable} when the dry run was refused.
     */
    Future<StepDiff> compare(StepResource step, ObjectNode bundleCsv, OlmCsv running, ObjectNode runningObject) {
        DiffSubject subject = DiffSubject.of(step);
        ObjectNode probe = bundleCsv.deepCopy();
        ObjectNode metadata = probe.get("metadata") instanceof ObjectNode existing ? existing : probe.putObject("metadata");
        metadata.remove("name");
        metadata.put("generateName", running.name() + "-");
        metadata.put("namespace", running.namespace());
        return api.create(OlmApis.CSVS, running.namespace(), probe, true)
                .map(asStored -> {
                    ObjectNode live = view(running.name(), runningObject);
                    ObjectNode bundle = view(running.name(), asStored);
                    return live.equals(bundle) ? (StepDiff) new StepDiff.Unchanged(subject)
                            : new StepDiff.Changed(subject, live, bundle);
                })
                .otherwise(error -> new StepDiff.NotDiffable(subject, StepDiff.Cause.REFUSED,
                        "the bundle's CSV could not be compared with the running one: a dry run of it was refused: "
                                + ClientErrors.describe(error)));
    }

    /**
     * What is compared of a CSV: its name and spec, without {@code spec.replaces} and without what
     * a Go client writes for a field it was never given. OLM's olm-operator updates the CSV through
     * its Go types (the OperatorGroup's annotations, {@code Operator.annotateCSVs}; its finalizer,
     * {@code processFinalizer}), and those write a struct field as its zero value whether it was set
     * or not: {@code apiservicedefinitions: {}}, {@code cleanup: {enabled: false}}, a Deployment's
     * {@code strategy: {}}. Each means what its absence means.
     */
    static ObjectNode view(String name, JsonNode csv) {
        ObjectNode view = JsonNodeFactory.instance.objectNode();
        view.put("apiVersion", csv.path("apiVersion").asText());
        view.put("kind", csv.path("kind").asText());
        view.putObject("metadata").put("name", name);
        JsonNode spec = csv.path("spec");
        if (spec instanceof ObjectNode object) {
            ObjectNode copy = object.deepCopy();
            copy.remove("replaces");
            if (copy.path("cleanup").equals(CLEANUP_DISABLED)) {
                copy.remove("cleanup");
            }
            withoutEmptyObjects(copy);
            view.set("spec", copy);
        }
        return ObjectNormalisation.normalised(view);
    }

    /** Removes, at any depth, each field whose value is an empty object or null. */
    private static void withoutEmptyObjects(JsonNode node) {
        if (node instanceof ObjectNode object) {
            object.elements().forEachRemaining(CsvComparison::withoutEmptyObjects);
            object.properties().removeIf(field -> field.getValue().isNull()
                    || field.getValue().isObject() && field.getValue().isEmpty());
        } else if (node.isArray()) {
            node.elements().forEachRemaining(CsvComparison::withoutEmptyObjects);
        }
    }
}
