package dev.bundlectl.executor.apply;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.vertx.core.Future;

/**
 * Before a CSV is created that replaces another ({@code spec.replaces: B}), makes sure B does not
 * name it back. OLM takes any CSV whose {@code spec.replaces} names a CSV for that CSV's replacement
 * (its {@code replace.IsBeingReplaced}), so a rollback's older CSV, which the newer one replaced
 * and still names, would be "being replaced" by the very CSV it replaces, and neither would ever
 * run. So B's {@code spec.replaces} is removed first, with a JSON patch that tests its value: B
 * runs on as it did (OLM reads the field only to find replacements), and OLM then replaces B with
 * the older CSV as it replaces any CSV (docs/semantics.md §9, "Rollbacks"). Only a rollback meets
 * such a pair; for any other CSV this is one GET, or nothing when it names none, and a GET that
 * fails leaves the create as it was. In the preflight the patch is a dry run too; a refused patch
 * fails the step with the server's answer.
 */
final class CsvReplacementLink {

    private CsvReplacementLink() {
    }

    /** Unlinks the CSV {@code run} replaces from it when that one names it back, then runs {@code create}. */
    static Future<StepOutcome> unlinkThen(PreparedStep run, ApplyAction create) {
        String replaced = run.manifest().path("spec").path("replaces").asText("");
        if (replaced.isEmpty() || replaced.equals(run.name())) {
            return create.run(run);
        }
        return run.retrier().read("get", () -> run.api().get(run.type(), run.namespace(), replaced)).transform(read -> {
            if (read.failed()) {
                // Gone, or not readable with the upgrade's rights (which need not cover reading the CSV
                // it replaces): only a rollback could need the unlinking, and OLM then says why its CSV waits.
                return create.run(run);
            }
            if (!run.name().equals(read.result().path("spec").path("replaces").asText(""))) {
                return create.run(run);
            }
            ArrayNode patch = JsonNodeFactory.instance.arrayNode();
            patch.addObject().put("op", "test").put("path", "/spec/replaces").put("value", run.name());
            patch.addObject().put("op", "remove").put("path", "/spec/replaces");
            return run.retrier().write("patch", () -> run.api().patch(run.type(), run.namespace(), replaced, patch,
                    run.dryRun())).transform(patched -> patched.succeeded() ? create.run(run)
                            : Future.succeededFuture(FailurePolicy.outcome(patched.cause(), run.optional(),
                                    "remove spec.replaces " + run.name() + " from ClusterServiceVersion " + replaced)));
        });
    }
}
