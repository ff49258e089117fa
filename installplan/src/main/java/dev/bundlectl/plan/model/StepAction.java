package dev.bundlectl.plan.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;

/**
 * What a step will do to its object, known when the plan was made against a cluster that already
 * holds an install of the package (an upgrade or a re-run). bundlectl's own field: absent from
 * plans made without that knowledge, so OLM-shaped plans are unchanged.
 */
public enum StepAction {
    /** The object does not exist: it will be created. */
    CREATE("Create"),
    /** The object exists and will be updated (server-side apply). */
    UPDATE("Update"),
    /** The object exists and is left as it is (a CSV, or a create-only object). */
    PRESENT("Present"),
    /**
     * The previous install created the object and the new bundle no longer has it: it is deleted,
     * after the new objects are applied, only if its uid still matches the record.
     */
    DELETE("Delete"),
    /**
     * The previous install created the object and the new bundle no longer has it, but it is kept
     * on purpose (a CRD, or a CSV that OLM replaces); the step's message says why. Never sent.
     */
    KEEP("Keep");

    private final String wireName;

    StepAction(String wireName) {
        this.wireName = wireName;
    }

    /** The value as it appears in an InstallPlan document. */
    @JsonValue
    public String wireName() {
        return wireName;
    }

    /** Parses a wire name such as {@code Delete}. */
    @JsonCreator
    public static StepAction fromWireName(String value) {
        return Arrays.stream(values())
                .filter(action -> action.wireName.equals(value))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown step action \"" + value + "\""));
    }

    /** Whether the step removes or keeps an object of the previous install rather than applying one. */
    public boolean previousInstallOnly() {
        return this == DELETE || this == KEEP;
    }
}
