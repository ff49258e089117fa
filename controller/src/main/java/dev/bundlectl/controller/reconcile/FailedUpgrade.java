package dev.bundlectl.controller.reconcile;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/**
 * An upgrade that failed, as {@code status.lastFailedUpgrade} records it: the plan that failed, for
 * which generation, how often in a row, and when. The same plan of the same generation is not tried
 * again until {@link #retryAt()}: a catalog that changes the plan, or a spec change, tries at once
 * (docs/controller.md, "When an upgrade fails").
 *
 * @param planDigest the digest of the plan that failed
 * @param generation the spec's generation it was planned for
 * @param fromVersion the version installed before, or null when unknown
 * @param toVersion the version it upgraded to
 * @param attempts how many times this plan failed in a row
 * @param at when it last failed
 * @param message why, in one line
 */
public record FailedUpgrade(String planDigest, long generation, String fromVersion, String toVersion, int attempts,
        Instant at, String message) {

    /** The first wait after a failure; each further failure of the same plan doubles it. */
    public static final Duration FIRST_BACKOFF = Duration.ofMinutes(5);

    /** The longest wait between two tries of one failed plan. */
    public static final Duration MAX_BACKOFF = Duration.ofHours(1);

    /** How long after failing {@code attempts} times in a row the same plan is tried again. */
    public static Duration backoff(int attempts) {
        Duration wait = FIRST_BACKOFF;
        for (int i = 1; i < attempts && wait.compareTo(MAX_BACKOFF) < 0; i++) {
            wait = wait.multipliedBy(2);
        }
        return wait.compareTo(MAX_BACKOFF) > 0 ? MAX_BACKOFF : wait;
    }

    /** When the same plan may be tried again. */
    public Instant retryAt() {
        return at.plus(backoff(attempts));
    }

    /** Whether {@code digest} at {@code generation} is this failed plan, still waiting at {@code now}. */
    public boolean holdsBack(String digest, long currentGeneration, Instant now) {
        return planDigest.equals(digest) && generation == currentGeneration && now.isBefore(retryAt());
    }

    /** The failure after this one, of {@code digest}: counted on when it is the same plan, else the first. */
    public static FailedUpgrade next(Optional<FailedUpgrade> before, String digest, long generation, String from,
            String to, Instant now, String message) {
        int attempts = before.filter(old -> old.planDigest().equals(digest) && old.generation() == generation)
                .map(old -> old.attempts() + 1).orElse(1);
        return new FailedUpgrade(digest, generation, from, to, attempts, now, message);
    }

    /** The one a status records, if any. */
    public static Optional<FailedUpgrade> of(JsonNode status) {
        JsonNode node = status.path("lastFailedUpgrade");
        if (!node.hasNonNull("planDigest") || !node.hasNonNull("at")) {
            return Optional.empty();
        }
        try {
            return Optional.of(new FailedUpgrade(node.get("planDigest").asText(), node.path("observedGeneration").asLong(),
                    node.path("fromVersion").asText(null), node.path("toVersion").asText(null),
                    Math.max(1, node.path("attempts").asInt(1)), Instant.parse(node.get("at").asText()),
                    node.path("message").asText("")));
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    /** As the status holds it. */
    public ObjectNode toJson() {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("planDigest", planDigest);
        node.put("observedGeneration", generation);
        if (fromVersion != null) {
            node.put("fromVersion", fromVersion);
        }
        if (toVersion != null) {
            node.put("toVersion", toVersion);
        }
        node.put("attempts", attempts);
        node.put("at", at.toString());
        node.put("retryAt", retryAt().toString());
        node.put("message", message);
        return node;
    }

    /** The one line of the event and the condition. */
    public String describe() {
        return "upgrade " + (fromVersion != null ? "from " + fromVersion + " " : "") + "to " + toVersion
                + " failed: " + message + "; tried again when the catalog or the spec changes, or at " + retryAt()
                + " (attempt " + attempts + ")";
    }
}
