package dev.bundlectl.executor.apply;

import dev.bundlectl.executor.ownership.FieldConflicts;
import dev.bundlectl.executor.ownership.ObservedObject;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.cluster.kube.ApplyResult;
import dev.bundlectl.executor.records.AppliedState;
import dev.bundlectl.plan.errors.ApiFailure;
import dev.bundlectl.plan.model.StepStatus;
import io.vertx.core.Future;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.time.format.DateTimeParseException;

/**
 * Applies a step's object with server-side apply under the install's package's field manager
 * ({@code bundlectl/<package>}; {@code bundlectl} for a run no install owns): one request whether or
 * not the object exists, and fields that other managers own (an injected {@code caBundle}, say) are
 * left as they are. Once it succeeded, the install joins the object's owner list
 * ({@link OwnerListStage}; docs/semantics.md §8), which the apply never carries. The server answers
 * 201 when it created the object and 200 when it existed; a 409 means another manager owns a field
 * with another value.
 *
 * <p><b>A lost answer.</b> When an earlier try of this apply may have reached the server (a reset
 * or timeout after sending), a retry answers 200 even though the object is ours from this very
 * step. The object then counts as created when the server stamped its {@code creationTimestamp} no
 * earlier than this step's first try, both read on the server's clock: the try's start is the
 * answer's {@code Date} minus the time elapsed since then (measured locally, which needs no clock
 * agreement), less one second because both stamps are truncated to seconds.
 *
 * <p><b>Nothing to change.</b> For objects in general, every answer is reported as an
 * {@link AppliedState}, and an object the preflight found exactly as the last install's apply left
 * it ({@link PreparedStep#lastApply()}), whose body is the same again, is not sent: the apply would
 * be a no-op. A CRD likewise ({@link CrdApply} leaves out its read as well): no write, its status
 * included, has reached it since that install saw it Established.
 */
final class ServerSideApply implements ApplyStage {

    private static final Duration STAMP_PRECISION = Duration.ofSeconds(1);

    /** The message of a step whose apply was left out because nothing would change. */
    static final String UNCHANGED = "already existed, unchanged since the last install; not sent again";

    private final ApplyStage afterCreate;
    private final AfterApply afterExisting;
    private final boolean leavesUnchanged;

    /** What follows an apply over an existing object, which may read the server's answer. */
    @FunctionalInterface
    interface AfterApply {

        /** Runs the stage; the future never fails (failures become {@link StepOutcome.Failed}). */
        Future<StepOutcome> apply(PreparedStep run, ApplyResult answer);
    }

    /**
     * @param afterCreate runs when the apply created the object
     * @param afterExisting runs when the object existed and the apply changed or kept it
     */
    ServerSideApply(ApplyStage afterCreate, AfterApply afterExisting) {
        this(afterCreate, afterExisting, false);
    }

    private ServerSideApply(ApplyStage afterCreate, AfterApply afterExisting, boolean leavesUnchanged) {
        this.afterCreate = afterCreate;
        this.afterExisting = afterExisting;
        this.leavesUnchanged = leavesUnchanged;
    }

    /** Objects in general: Created, or Present once applied over an existing one. */
    static ServerSideApply plain() {
        return new ServerSideApply(run -> Future.succeededFuture(StepOutcome.applied(StepStatus.CREATED, "created")),
                (run, answer) -> Future.succeededFuture(StepOutcome.applied(StepStatus.PRESENT, "already existed; updated")),
                true);
    }

    /** A CRD's apply: its answers are reported as {@link AppliedState} as well, as {@link #plain()} reports them. */
    static ServerSideApply ofCrd(ApplyStage afterCreate, AfterApply afterExisting) {
        return new ServerSideApply(afterCreate, afterExisting, true);
    }

    /**
     * The outcome of leaving the apply out, when the preflight found the object as the last
     * install's apply left it ({@link PreparedStep#lastApply()}) and its body has {@code bodyDigest}
     * again; empty when it must be sent (a dry run always is).
     */
    static Optional<StepOutcome> leftOut(PreparedStep run, String bodyDigest) {
        AppliedState last = run.lastApply();
        if (bodyDigest == null || run.dryRun() || last == null || !last.bodyDigest().equals(bodyDigest)) {
            return Optional.empty();
        }
        run.reporter().applied(last);
        return Optional.of(StepOutcome.applied(StepStatus.PRESENT, UNCHANGED));
    }

    @Override
    public Future<StepOutcome> apply(PreparedStep run) {
        return apply(run, leavesUnchanged ? AppliedState.digestOf(run.manifest()) : null);
    }

    /** As {@link #apply(PreparedStep)}, with the body's digest already made (null: none reported). */
    Future<StepOutcome> apply(PreparedStep run, String bodyDigest) {
        Optional<StepOutcome> unchanged = leftOut(run, bodyDigest);
        if (unchanged.isPresent()) {
            return listedAfterLeftOut(run, unchanged.get(), bodyDigest);
        }
        return applyNow(run, bodyDigest, true);
    }

    /**
     * An apply left out still writes the owner lists when its listing changes other installs'
     * entries (a gone owner's to drop, co-owners to migrate). Else there is nothing to write: the
     * preflight leaves an apply out only when nothing has written the object since the last install
     * and the object's list names this install already.
     */
    Future<StepOutcome> listedAfterLeftOut(PreparedStep run, StepOutcome unchanged, String bodyDigest) {
        if (run.listing() == null || !run.listing().changesOthers()) {
            return Future.succeededFuture(unchanged);
        }
        return OwnerListStage.list(run, null, false, bodyDigest).compose(listed -> {
            if (listed instanceof OwnerListStage.Listed.Failed failed) {
                return Future.succeededFuture(failed.outcome());
            }
            return listed instanceof OwnerListStage.Listed.ApplyAgain ? applyNow(run, bodyDigest, false)
                    : Future.succeededFuture(unchanged);
        });
    }

    private Future<StepOutcome> applyNow(PreparedStep run, String bodyDigest, boolean mayApplyAgain) {
        long firstTry = run.env().now();
        return run.retrier()
                .write("apply", () -> run.api().apply(run.type(), run.namespace(), run.manifest(),
                        run.env().options().fieldManager(), run.env().options().forceConflicts(), run.dryRun()))
                .compose(result -> {
                    boolean created = result.created() || landedEarlier(run, result, firstTry);
                    run.reporter().observed(ObservedObject.of(result.object(), created));
                    if (run.dryRun()) {
                        run.reporter().answered(result.object());
                    }
                    if (created && !run.dryRun()) {
                        run.reporter().created(run.type(), result.object());
                    }
                    // A dry-run create has no resourceVersion yet; stateOf then gives none.
                    AppliedState state = bodyDigest == null ? null : stateOf(result.object(), bodyDigest);
                    if (state != null && !(created && run.dryRun())) {
                        run.reporter().applied(state);
                    }
                    return OwnerListStage.list(run, result.object(), created, bodyDigest).compose(listed -> {
                        if (listed instanceof OwnerListStage.Listed.Failed failed) {
                            return Future.succeededFuture(failed.outcome());
                        }
                        if (listed instanceof OwnerListStage.Listed.ApplyAgain) {
                            return mayApplyAgain ? applyNow(run, bodyDigest, false)
                                    : Future.succeededFuture(StepOutcome.failed(OwnerListStage.DELETED_TWICE));
                        }
                        return (created ? afterCreate.apply(run) : afterExisting.apply(run, result))
                                .map(outcome -> Warnings.append(outcome, result.warnings()));
                    });
                }, error -> Future.succeededFuture(onFailure(run, error)));
    }

    /**
     * The state an apply's answer describes, or null when it names no {@code resourceVersion}
     * (a dry-run create, which has none yet).
     */
    private static AppliedState stateOf(JsonNode answer, String bodyDigest) {
        String resourceVersion = answer.path("metadata").path("resourceVersion").asText("");
        return resourceVersion.isEmpty() ? null : new AppliedState(resourceVersion, bodyDigest);
    }

    private static boolean landedEarlier(PreparedStep run, ApplyResult result, long firstTryNanos) {
        if (!run.retrier().writeMayHaveLanded() || result.answeredAt().isEmpty()) {
            return false;
        }
        JsonNode stamp = result.object().path("metadata").path("creationTimestamp");
        if (!stamp.isTextual()) {
            return false;
        }
        try {
            Instant createdAt = Instant.parse(stamp.asText());
            Duration sinceFirstTry = Duration.ofNanos(run.env().now() - firstTryNanos);
            Instant firstTryOnServerClock = result.answeredAt().get().minus(sinceFirstTry).minus(STAMP_PRECISION);
            return !createdAt.isBefore(firstTryOnServerClock);
        } catch (DateTimeParseException unreadable) {
            return false;
        }
    }

    private static StepOutcome onFailure(PreparedStep run, Throwable error) {
        StepOutcome outcome = FailurePolicy.outcome(error, run.optional(), "apply");
        if (isFieldConflict(error) && ((ApiException) error).failure() instanceof ApiFailure.HttpError http) {
            run.reporter().conflicted(FieldConflicts.managers(http.message()), FieldConflicts.fields(http.causes()));
        }
        if (outcome instanceof StepOutcome.Failed failed && isFieldConflict(error)) {
            return failed.withMessage(failed.message() + "; these fields belong to another field manager: pass "
                    + "--force-conflicts to take them over");
        }
        return outcome;
    }

    private static boolean isFieldConflict(Throwable error) {
        return error instanceof ApiException api && api.isHttp(409)
                && api.failure() instanceof ApiFailure.HttpError http && "Conflict".equals(http.reason());
    }
}
