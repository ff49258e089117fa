package dev.bundlectl.plan.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/** OLM's InstallPlan phases. */
public enum InstallPlanPhase {
    PLANNING("Planning"),
    REQUIRES_APPROVAL("RequiresApproval"),
    INSTALLING("Installing"),
    COMPLETE("Complete"),
    FAILED("Failed");

    private final String wireName;

    InstallPlanPhase(String wireName) {
        this.wireName = wireName;
    }

    @JsonValue
    public String wireName() {
        return wireName;
    }

    @JsonCreator
    public static InstallPlanPhase fromWireName(String value) {
        for (InstallPlanPhase phase : values()) {
            if (phase.wireName.equals(value)) {
                return phase;
            }
        }
        throw new IllegalArgumentException("unknown InstallPlan phase \"" + value + "\"");
    }
}
