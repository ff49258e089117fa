package dev.bundlectl.executor.apply;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.plan.olm.CsvDeploymentConfig;
import io.vertx.core.Future;

/**
 * What happens to a ClusterServiceVersion that already exists: left as it is, OLM's from then on
 * (docs/semantics.md §3), unless the plan gives it another operator configuration than the one it
 * carries ({@value CsvDeploymentConfig#ANNOTATION}, docs/semantics.md §10). Then its
 * {@code spec.install} and that annotation are replaced, with one JSON patch made on the version
 * read, and OLM updates the Deployments it made from it, as it does for a Subscription whose
 * {@code spec.config} changed. A plan with no configuration in play never reads the CSV.
 */
final class CsvConfigUpdate implements ApplyStage {

    private static final String LEFT = "already exists; left unchanged (a ClusterServiceVersion is never updated)";
    private static final String UPDATED = "already existed; its operator configuration updated (spec.install), "
            + "which OLM rolls out to its Deployments";

    @Override
    public Future<StepOutcome> apply(PreparedStep run) {
        JsonNode planned = run.manifest().path("metadata").path("annotations").path(CsvDeploymentConfig.ANNOTATION);
        if (!planned.isTextual()) {
            return Future.succeededFuture(StepOutcome.applied(StepStatus.PRESENT, LEFT));
        }
        return run.retrier().read("get", () -> run.api().get(run.type(), run.namespace(), run.name()))
                .compose(live -> planned.asText().equals(live.path("metadata").path("annotations")
                                .path(CsvDeploymentConfig.ANNOTATION).asText(null))
                        ? Future.succeededFuture(StepOutcome.applied(StepStatus.PRESENT, LEFT + "; its operator "
                                + "configuration is the planned one"))
                        : update(run, live, planned.asText()),
                        error -> Future.succeededFuture(FailurePolicy.outcome(error, run.optional(), "get")));
    }

    private static Future<StepOutcome> update(PreparedStep run, ObjectNode live, String digest) {
        ArrayNode patch = JsonNodeFactory.instance.arrayNode();
        // Made on the version read: a CSV someone changed in between is read and judged again next run.
        patch.addObject().put("op", "test").put("path", "/metadata/resourceVersion")
                .put("value", live.path("metadata").path("resourceVersion").asText());
        patch.addObject().put("op", "replace").put("path", "/spec/install")
                .set("value", run.manifest().path("spec").path("install").deepCopy());
        if (live.path("metadata").path("annotations").isObject()) {
            patch.addObject().put("op", "add").put("path", "/metadata/annotations/"
                    + CsvDeploymentConfig.ANNOTATION.replace("~", "~0").replace("/", "~1")).put("value", digest);
        } else {
            patch.addObject().put("op", "add").put("path", "/metadata/annotations")
                    .set("value", JsonNodeFactory.instance.objectNode().put(CsvDeploymentConfig.ANNOTATION, digest));
        }
        return run.retrier().write("patch", () -> run.api().patch(run.type(), run.namespace(), run.name(), patch,
                        run.dryRun()))
                .map(answer -> {
                    if (run.dryRun()) {
                        run.reporter().answered(answer);
                    }
                    return StepOutcome.applied(StepStatus.PRESENT, UPDATED);
                })
                .otherwise(error -> FailurePolicy.outcome(error, run.optional(), "patch"));
    }
}
