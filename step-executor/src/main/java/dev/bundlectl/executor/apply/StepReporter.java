package dev.bundlectl.executor.apply;

import dev.bundlectl.executor.ownership.FieldConflict;
import dev.bundlectl.executor.ownership.ObservedObject;
import java.util.List;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.executor.records.AppliedState;
import dev.bundlectl.plan.model.StepStatus;
import dev.bundlectl.plan.api.ApiResource;

/** Where a running step reports progress before its final outcome. Called on the execution's context. */
public interface StepReporter {

    /** The step reached an intermediate status, e.g. {@code WaitingForApi}. */
    void status(StepStatus status, String message, int attempt);

    /** A request failed transiently and will be sent again. */
    void retrying(String message, int attempt);

    /**
     * The server created the object (not in a dry run): {@code live} is its answer, or the object
     * a GET found after an answer was lost.
     */
    void created(ApiResource type, ObjectNode live);

    /**
     * A server-side apply was answered for an object that exists: in a real run, what the apply left;
     * in a dry run, the live object's {@code resourceVersion}. Also called, with the state it kept,
     * for an apply left out because nothing had changed ({@link PreparedStep#lastApply()}).
     */
    default void applied(AppliedState state) {
    }

    /**
     * In a dry run, a create-only step's create found the object already there, so the real run
     * can leave it alone without asking again ({@link PreflightFinding.Existing}).
     */
    default void foundExisting() {
    }

    /** A write was answered: what the answer said of the object's identity and owners. */
    default void observed(ObservedObject object) {
    }

    /**
     * In a dry run, the server answered a write with the object as the write would leave it: what
     * {@code bundlectl plan -o diff} compares with the live object ({@code dev.bundlectl.executor.diff}).
     */
    default void answered(ObjectNode object) {
    }

    /**
     * A server-side apply conflicted with these field managers (the server's 409), on these fields
     * (empty when the answer did not list them).
     */
    default void conflicted(List<String> managers, List<FieldConflict> fields) {
    }
}
