package dev.bundlectl.executor;

import dev.bundlectl.executor.ownership.FieldConflict;
import dev.bundlectl.executor.ownership.ObservedObject;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.executor.apply.StepReporter;
import dev.bundlectl.executor.records.AppliedState;
import dev.bundlectl.plan.model.Step;
import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.plan.api.ApiResource;
import java.lang.System.Logger.Level;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The steps of one execution as they change, and the events that report each change. Used only
 * on the execution's context, so it needs no locking.
 */
final class StepTracker {

    private static final System.Logger LOG = System.getLogger(StepTracker.class.getName());

    private final List<Step> steps;
    private final Clock clock;
    private final Consumer<StepEvent> listener;
    private final Map<Integer, CreatedIdentity> created;
    private final Map<Integer, AppliedState> applied;
    private final Set<Integer> existing;
    private final Observations observations;
    private final int[] attempts;

    /**
     * @param created where the identities of created objects go, by step index; read by other
     *     threads once the execution has finished, so it must be a concurrent map
     * @param applied where what each apply left goes, by step index; a concurrent map, likewise
     */
    StepTracker(List<Step> steps, Clock clock, Consumer<StepEvent> listener, Map<Integer, CreatedIdentity> created,
            Map<Integer, AppliedState> applied, Set<Integer> existing, Observations observations) {
        this.steps = new ArrayList<>(steps);
        this.attempts = new int[steps.size()];
        Arrays.fill(attempts, 1);
        this.clock = clock;
        this.listener = listener;
        this.created = created;
        this.applied = applied;
        this.existing = existing;
        this.observations = observations;
    }

    Step step(int index) {
        return steps.get(index);
    }

    List<Step> steps() {
        return List.copyOf(steps);
    }

    int size() {
        return steps.size();
    }

    /** Sets a step's status without an event: used to reset steps before a run starts. */
    void reset(int index, StepStatus status) {
        steps.set(index, steps.get(index).withStatus(status, null));
    }

    /**
     * Leaves a step {@code Unknown} with the reason it never started. No event: nothing happened
     * to the step, and an event without a status change would read as a retry.
     */
    void skip(int index, String reason) {
        steps.set(index, steps.get(index).withStatus(StepStatus.UNKNOWN, reason));
    }

    /** Changes a step's status and reports it. */
    void set(int index, StepStatus status, String message, int attempt) {
        Step before = steps.get(index);
        steps.set(index, before.withStatus(status, message));
        emit(index, before.status(), status, message, attempt);
    }

    /** Records a step's final status, with the attempt of its last retried request. */
    void finish(int index, StepStatus status, String message) {
        set(index, status, message, attempts[index]);
    }

    /** Reports a retry; the status stays as it is. */
    void retrying(int index, String message, int attempt) {
        attempts[index] = attempt;
        StepStatus status = steps.get(index).status();
        emit(index, status, status, message, attempt);
    }

    /** A reporter bound to one step. */
    StepReporter reporterFor(int index) {
        return new StepReporter() {
            @Override
            public void status(StepStatus status, String message, int attempt) {
                set(index, status, message, attempt);
            }

            @Override
            public void retrying(String message, int attempt) {
                StepTracker.this.retrying(index, message, attempt);
            }

            @Override
            public void created(ApiResource type, ObjectNode live) {
                created.put(index, CreatedIdentity.of(type.plural(), live));
            }

            @Override
            public void applied(AppliedState state) {
                applied.put(index, state);
            }

            @Override
            public void foundExisting() {
                existing.add(index);
            }

            @Override
            public void observed(ObservedObject object) {
                observations.observed(index, object);
            }

            @Override
            public void answered(ObjectNode object) {
                observations.answered(index, object);
            }

            @Override
            public void conflicted(List<String> managers, List<FieldConflict> fields) {
                observations.conflicted(index, managers, fields);
            }
        };
    }

    private void emit(int index, StepStatus previous, StepStatus status, String message, int attempt) {
        StepEvent event = new StepEvent(index, steps.get(index).resource().displayName(), previous, status, message,
                attempt, clock.instant());
        try {
            listener.accept(event);
        } catch (RuntimeException e) {
            // A broken progress display must not break the install.
            LOG.log(Level.WARNING, "step event listener failed", e);
        }
    }
}
