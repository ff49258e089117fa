package dev.bundlectl.plan.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;

/** Whether a bundle's dependency is met on the target. */
public enum DependencyState {
    /** Installed, served, or provided by this bundle or one installed before it in the same run. */
    SATISFIED("Satisfied"),
    /** Nothing on the target meets it: OLM would not install the bundle. */
    UNSATISFIED("Unsatisfied"),
    /** Not judged: the plan was made offline. */
    UNKNOWN("Unknown");

    private final String wireName;

    DependencyState(String wireName) {
        this.wireName = wireName;
    }

    /** The value as it appears in an InstallPlan document. */
    @JsonValue
    public String wireName() {
        return wireName;
    }

    /** Parses a wire name such as {@code Unsatisfied}. */
    @JsonCreator
    public static DependencyState fromWireName(String value) {
        return Arrays.stream(values()).filter(s -> s.wireName.equals(value)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown dependency status \"" + value + "\""));
    }
}
