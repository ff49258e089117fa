package dev.bundlectl.executor;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.executor.ownership.FieldConflict;
import dev.bundlectl.executor.ownership.ObservedObject;
import java.util.List;

import dev.bundlectl.executor.records.AppliedState;
import dev.bundlectl.plan.model.InstallPlan;
import io.vertx.core.Future;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/** One running execution of a plan. */
public final class RunningPlan {

    private final Future<InstallPlan> result;
    private final Map<Integer, CreatedIdentity> created;
    private final Map<Integer, AppliedState> applied;
    private final Set<Integer> existing;
    private final Set<Integer> deletionsRequested;
    private final Set<Integer> unavailable;
    private final Map<Integer, String> forbidden;
    private final Observations observations;

    RunningPlan(Future<InstallPlan> result, Map<Integer, CreatedIdentity> created, Map<Integer, AppliedState> applied,
            Set<Integer> existing, Set<Integer> deletionsRequested, Set<Integer> unavailable,
            Map<Integer, String> forbidden, Observations observations) {
        this.result = Objects.requireNonNull(result, "result");
        this.created = Objects.requireNonNull(created, "created");
        this.applied = Objects.requireNonNull(applied, "applied");
        this.existing = Objects.requireNonNull(existing, "existing");
        this.deletionsRequested = Objects.requireNonNull(deletionsRequested, "deletionsRequested");
        this.unavailable = Objects.requireNonNull(unavailable, "unavailable");
        this.forbidden = Objects.requireNonNull(forbidden, "forbidden");
        this.observations = Objects.requireNonNull(observations, "observations");
    }

    /**
     * The final plan: phase {@code Complete} or {@code Failed}, every step's status and message,
     * and the {@code Installed} condition. A failed step never fails this future; it fails only
     * on a bug in bundlectl.
     */
    public Future<InstallPlan> result() {
        return result;
    }

    /**
     * The server's identity of each object this execution created, by step index, from the
     * create answers themselves (nothing in a dry run). Complete once {@link #result()} is.
     */
    public Map<Integer, CreatedIdentity> createdObjects() {
        return Map.copyOf(created);
    }

    /**
     * By step index, what each server-side apply over an existing object left (in a dry run, the
     * live object's {@code resourceVersion}), and the state kept by each apply left out as
     * unchanged. Complete once {@link #result()} is.
     */
    public Map<Integer, AppliedState> appliedStates() {
        return Map.copyOf(applied);
    }

    /**
     * The indexes of the create-only steps whose dry-run create found the object already there
     * ({@link dev.bundlectl.executor.apply.PreflightFinding.Existing}). Empty in a real run.
     * Complete once {@link #result()} is.
     */
    public Set<Integer> foundExisting() {
        return Set.copyOf(existing);
    }

    /**
     * The indexes of the delete steps whose object existed and was asked to go
     * ({@link dev.bundlectl.executor.apply.DeleteResult#REQUESTED}), as opposed to already gone.
     * Complete once {@link #result()} is.
     */
    public Set<Integer> deletionsRequested() {
        return Set.copyOf(deletionsRequested);
    }

    /**
     * The indexes of the steps that failed because the server could not answer (a failed
     * discovery, transient errors past the retries) rather than refused them. Complete once
     * {@link #result()} is.
     */
    public Set<Integer> unavailableSteps() {
        return Set.copyOf(unavailable);
    }

    /**
     * By step index, the server's message for each step it refused with 403 Forbidden: the identity
     * may not make that request. Complete once {@link #result()} is.
     */
    public Map<Integer, String> forbiddenSteps() {
        return Map.copyOf(forbidden);
    }

    /**
     * By step index, what the answers said of each object: its uid, resourceVersion and owners (a
     * dry run's answer shows the object as the write would leave it). Complete once
     * {@link #result()} is.
     */
    public Map<Integer, ObservedObject> observedObjects() {
        return observations.observed();
    }

    /**
     * In a dry run, by step index, each object as the server's answer to its write showed it: the
     * object as the write would leave it, server defaults and other managers' fields included
     * (what {@code plan -o diff} compares with the live object). Empty in a real run. Complete once
     * {@link #result()} is.
     */
    public Map<Integer, ObjectNode> dryRunAnswers() {
        return observations.answers();
    }

    /**
     * By step index, the field managers each conflicting server-side apply met (the server's 409).
     * Complete once {@link #result()} is.
     */
    public Map<Integer, List<String>> conflicts() {
        return observations.conflicts();
    }

    /**
     * By step index, each field a server-side apply conflicted on, with its manager. Complete once
     * {@link #result()} is.
     */
    public Map<Integer, List<FieldConflict>> fieldConflicts() {
        return observations.fieldConflicts();
    }
}
