package dev.bundlectl.executor.apply;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.executor.records.AppliedState;
import dev.bundlectl.executor.writes.WriteMethod;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepResource;
import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.plan.api.ApiResource;
import dev.bundlectl.plan.payload.ManifestAction;
import io.vertx.core.Future;
import java.util.Objects;

/**
 * Runs one step: the annotation rules, discovery of its kind, the namespace, then the kind's
 * apply or the delete. Every answer becomes a {@link StepOutcome}; the returned future never
 * fails.
 */
public final class StepApplier {

    private final RunEnvironment env;

    /** A runner for the steps of one execution. */
    public StepApplier(RunEnvironment env) {
        this.env = Objects.requireNonNull(env, "env");
    }

    /**
     * Runs a step.
     *
     * @param step the step
     * @param manifest its parsed manifest; not modified
     * @param reporter where intermediate statuses and retries go
     */
    public Future<StepOutcome> run(Step step, ObjectNode manifest, StepReporter reporter) {
        return run(step, manifest, reporter, null);
    }

    /**
     * Runs a step, leaving its request out when what the preflight found makes it a no-op.
     *
     * @param found what the preflight found of the object that lets the step's request be left out
     *     (the state the last install's apply left, a create-only object already there), or null
     */
    public Future<StepOutcome> run(Step step, ObjectNode manifest, StepReporter reporter, PreflightFinding found) {
        WriteMethod method = WriteMethod.of(step, manifest);
        if (method == WriteMethod.REMOVE) {
            return RemovalAction.run(step, manifest, env).map(this::noteDryRun)
                    .recover(bug -> Future.succeededFuture(StepOutcome.failed("internal error: " + bug)));
        }
        boolean delete = method == WriteMethod.DELETE;
        if (delete && env.options().firstInstall()) {
            return Future.succeededFuture(StepOutcome.applied(StepStatus.NOT_CREATED,
                    ManifestAction.NOT_DELETED_ON_FIRST_INSTALL));
        }
        StepResource resource = step.resource();
        String group = Objects.toString(resource.group(), "");
        Retrier retrier = new Retrier(env, reporter);
        return retrier.read("discovery", () -> env.discovery().find(group, resource.version(), resource.kind()))
                .compose(type -> type.isPresent()
                                ? execute(step, manifest.deepCopy(), type.get(), method, reporter, retrier, found)
                                : Future.succeededFuture(unserved(step, manifest, delete)),
                        error -> Future.succeededFuture(FailurePolicy.outcome(error, step.optional(), "discovery")))
                .map(outcome -> delete ? outcome : noteOptionalOrigin(step, outcome))
                .map(this::noteDryRun)
                .recover(bug -> Future.succeededFuture(StepOutcome.failed("internal error: " + bug)));
    }

    /** Whether a step is one of those that must be served before any other step starts. */
    public static boolean isFoundation(StepResource resource) {
        return isCrd(resource) || resource.groupKind().isCsv();
    }

    /** Whether a step is a CRD. */
    public static boolean isCrd(StepResource resource) {
        return resource.groupKind().isCrd();
    }

    /** OLM's message for a kind the cluster does not serve. */
    public static String unservedMessage(String group, String version, String kind, String name) {
        return "api-server resource not found installing " + kind + " " + name + ": GroupVersionKind " + group + "/"
                + version + ", Kind=" + kind + " not found on the cluster";
    }

    private Future<StepOutcome> execute(Step step, ObjectNode manifest, ApiResource type, WriteMethod method,
            StepReporter reporter, Retrier retrier, PreflightFinding found) {
        ObjectNode metadata = manifest.get("metadata") instanceof ObjectNode existing
                ? existing
                : manifest.putObject("metadata");
        String namespace = null;
        if (type.namespaced()) {
            namespace = step.resource().namespace() != null
                    ? step.resource().namespace()
                    : textOrNull(metadata.path("namespace"));
            if (namespace == null || namespace.isEmpty()) {
                return Future.succeededFuture(StepOutcome.failed(type.kind() + " " + metadata.path("name").asText()
                        + " is namespaced but the step has no namespace"));
            }
            metadata.put("namespace", namespace);
        } else {
            metadata.remove("namespace");
        }
        PreparedStep run = new PreparedStep(step, manifest, type, namespace, env, reporter, retrier, found);
        return switch (method) {
            case DELETE -> DeleteAction.run(run);
            case CREATE -> step.resource().groupKind().isCsv()
                    // A CSV is created, or updated only for another operator configuration; a rollback
                    // first unlinks the newer CSV that names it in spec.replaces.
                    ? CsvReplacementLink.unlinkThen(run, new ApplyAction(ApplyBehaviour.createdElse(new CsvConfigUpdate())))
                    : new ApplyAction(isCrd(step.resource())
                            ? ApplyBehaviour.createOnly(CrdEstablishment::afterCreate, "create-only")
                            : ApplyBehaviour.createOnly("create-only")).run(run);
            case CHECKED_APPLY -> new CrdApply().apply(run);
            case APPLY, REMOVE -> ServerSideApply.plain().apply(run);
        };
    }

    private StepOutcome unserved(Step step, JsonNode manifest, boolean delete) {
        StepResource resource = step.resource();
        String group = Objects.toString(resource.group(), "");
        String name = manifest.path("metadata").path("name").asText(resource.name());
        String message = unservedMessage(group, resource.version(), resource.kind(), name);
        if (delete) {
            return StepOutcome.deleted(DeleteResult.ALREADY_GONE, DeleteResult.ALREADY_GONE.message() + ": " + message);
        }
        if (env.dryRun() && env.kindsDefinedByPlan().contains(resource.groupKind())) {
            return StepOutcome.applied(StepStatus.UNKNOWN, "not checked: its CRD is created by this plan");
        }
        return step.optional()
                ? StepOutcome.applied(StepStatus.NOT_CREATED, message)
                : StepOutcome.failed(message);
    }

    /**
     * A step that is not a delete ends {@code NotCreated} only because it is optional: its message
     * says where that came from when it was not the bundle ({@code --optional-api}).
     */
    private static StepOutcome noteOptionalOrigin(Step step, StepOutcome outcome) {
        if (step.optionalBy() != null && outcome instanceof StepOutcome.Applied applied
                && applied.status() == StepStatus.NOT_CREATED) {
            return StepOutcome.applied(StepStatus.NOT_CREATED, step.notCreatedMessage(applied.message()));
        }
        return outcome;
    }

    private StepOutcome noteDryRun(StepOutcome outcome) {
        if (env.dryRun() && outcome instanceof StepOutcome.Applied applied
                && (applied.status() == StepStatus.CREATED || applied.status() == StepStatus.PRESENT
                        || applied.status() == StepStatus.DELETED)) {
            return applied.withMessage("dry run: " + applied.message());
        }
        return outcome;
    }

    private static String textOrNull(JsonNode node) {
        return node.isTextual() ? node.asText() : null;
    }
}
