package dev.bundlectl.executor.install;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * What OLM says of a CSV in its status: phase, reason and message, and the requirements it found
 * unmet ({@code status.requirementStatus}).
 *
 * @param phase {@code status.phase} ({@code Pending}, {@code Installing}, {@code Succeeded},
 *     {@code Failed}, ...); empty before OLM has written a status
 * @param reason {@code status.reason}, or empty
 * @param message {@code status.message}, or empty
 * @param unmet each requirement OLM did not find met, as {@code Kind/name Status "message"},
 *     followed by its unsatisfied rules, verbatim
 */
public record CsvPhase(String phase, String reason, String message, List<String> unmet) {

    /** OLM's phase for an operator whose Deployments are available. */
    public static final String SUCCEEDED = "Succeeded";
    /** OLM's phase for an install it gave up on. */
    public static final String FAILED = "Failed";

    public CsvPhase {
        unmet = List.copyOf(unmet);
    }

    /** The phase of a CSV object as the API returned it. */
    public static CsvPhase of(JsonNode csv) {
        JsonNode status = csv.path("status");
        List<String> unmet = new ArrayList<>();
        for (JsonNode requirement : status.path("requirementStatus")) {
            String state = requirement.path("status").asText();
            if ("Present".equals(state) || "DeploymentFound".equals(state)) {
                continue;
            }
            unmet.add(requirement.path("kind").asText() + "/" + requirement.path("name").asText() + " " + state
                    + (requirement.path("message").asText("").isEmpty() ? ""
                            : " \"" + requirement.path("message").asText() + "\""));
            for (JsonNode dependent : requirement.path("dependents")) {
                if (!"Satisfied".equals(dependent.path("status").asText())) {
                    unmet.add("  " + dependent.path("status").asText() + " " + dependent.path("message").asText());
                }
            }
        }
        return new CsvPhase(status.path("phase").asText(""), status.path("reason").asText(""),
                status.path("message").asText(""), unmet);
    }

    /** Whether OLM reports the operator installed and running. */
    public boolean succeeded() {
        return SUCCEEDED.equals(phase);
    }

    /** Whether OLM gave up on it. */
    public boolean failed() {
        return FAILED.equals(phase);
    }

    /** {@code Pending RequirementsNotMet: one or more requirements couldn't be found}, for progress lines. */
    public String line() {
        if (phase.isEmpty()) {
            return "no status from OLM yet";
        }
        return phase + (reason.isEmpty() ? "" : " " + reason) + (message.isEmpty() ? "" : ": " + message);
    }

    /** Whether OLM's phase, reason or message differs from {@code other}'s. */
    public boolean differsFrom(CsvPhase other) {
        return other == null || !phase.equals(other.phase) || !reason.equals(other.reason)
                || !message.equals(other.message);
    }
}
