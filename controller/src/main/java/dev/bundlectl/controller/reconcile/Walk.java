package dev.bundlectl.controller.reconcile;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A walk along a catalog's channel under way, as {@code status.walk} keeps it (docs/controller.md,
 * "Following a channel"): the path as approved, one hop at a time. Each reconcile takes one step of
 * it: install the next hop, or look once at whether the hop installed last runs, and come back
 * after {@link #nextLook}; no worker waits for OLM. What is installed is read from the cluster
 * each time (the install record, the live CSV), so a controller that stopped anywhere, or a new
 * leader, goes on at the right hop.
 *
 * @param planDigest the digest of the whole path ({@code PlanDigest.of(plan, laterHops)} of its first
 *     plan), which an approval names; {@code status.planDigest} while the walk is under way
 * @param generation the spec's generation the path was planned for: a spec change ends the walk
 * @param fromVersion the version installed when the walk started, or null
 * @param toVersion the version it ends at, or null
 * @param hops how many hops the path has in all
 * @param current the hop being installed, or installed and not yet seen running
 * @param hopsLeft the hops after {@code current}, in order, as {@code name@image}
 */
public record Walk(String planDigest, long generation, String fromVersion, String toVersion, int hops,
        WalkHop current, List<String> hopsLeft) {

    /** The first look at a hop comes this long after its install; each look waits as long again as the hop has. */
    public static final Duration FIRST_LOOK = Duration.ofSeconds(1);

    /** The longest wait between two looks at a hop. */
    public static final Duration MAX_LOOK = Duration.ofSeconds(30);

    /** Checks the required parts. */
    public Walk {
        Objects.requireNonNull(planDigest, "planDigest");
        Objects.requireNonNull(current, "current");
        hopsLeft = List.copyOf(hopsLeft);
    }

    /** A new walk, about to install the first hop of {@code planned}'s path over {@code from}. */
    static Walk start(String digest, long generation, String from, String to, PlannedBundle planned) {
        return new Walk(digest, generation, from, to, planned.laterHops().size() + 1, WalkHop.of(planned, from),
                planned.laterHops());
    }

    /** The walk a status records, if any. */
    static Optional<Walk> of(JsonNode status) {
        JsonNode node = status.path("walk");
        if (!node.hasNonNull("planDigest") || !node.path("current").isObject()) {
            return Optional.empty();
        }
        WalkHop current = WalkHop.fromJson(node.get("current"));
        if (current == null) {
            return Optional.empty();
        }
        List<String> left = new ArrayList<>();
        node.path("hopsLeft").forEach(hop -> left.add(hop.asText()));
        return Optional.of(new Walk(node.get("planDigest").asText(), node.path("observedGeneration").asLong(-1),
                node.path("fromVersion").asText(null), node.path("toVersion").asText(null),
                node.path("hops").asInt(left.size() + 1), current, left));
    }

    /**
     * Whether {@code planned}, planned afresh from the spec, goes on along this path: it is the current
     * hop again (not installed yet, or not finished) with the same hops after it, or the next hop with
     * the rest. Anything else (the catalog changed the path) is a new plan, with a digest of its own.
     */
    boolean continuedBy(PlannedBundle planned) {
        if (planned.catalogEntry() == null) {
            return false;
        }
        List<String> path = new ArrayList<>();
        path.add(planned.catalogEntry());
        path.addAll(planned.laterHops());
        return path.equals(withCurrent()) || !hopsLeft.isEmpty() && path.equals(hopsLeft);
    }

    /**
     * Whether {@code record} (the package's latest) says the current hop's install started, and
     * hops follow it: the hop in flight, which must run before the walk goes on.
     */
    boolean hopInFlight(RecordedInstall record) {
        return !hopsLeft.isEmpty() && current.recordedBy(record);
    }

    /** The walk about to install {@code planned} over {@code from}: the current hop again, or the next. */
    Walk installing(PlannedBundle planned, String from) {
        if (current.entry().equals(planned.catalogEntry()) || planned.catalogEntry() == null) {
            return this;
        }
        return new Walk(planDigest, generation, fromVersion, toVersion, hops, WalkHop.of(planned, from),
                planned.laterHops());
    }

    /** The walk once its current hop's install ended Complete at {@code at}. */
    Walk installed(Instant at) {
        return new Walk(planDigest, generation, fromVersion, toVersion, hops, current.installed(at), hopsLeft);
    }

    /** Whether the current hop is the path's last. */
    boolean lastHop() {
        return hopsLeft.isEmpty();
    }

    /** Which hop the current one is, from 1. */
    int hopNumber() {
        return hops - hopsLeft.size();
    }

    /**
     * How long until the next look at the current hop: as long again as it has waited since its
     * install, at least {@link #FIRST_LOOK} and at most {@link #MAX_LOOK} (1, 1, 2, 4, 8, 16, 30, 30 s…).
     * It is counted from {@code current.installedAt} in the status, so a restart keeps its place, and it
     * is the walk's own: the work queue's per-key back-off counts failures, which a hop not yet running
     * is not.
     */
    public Duration nextLook(Instant now) {
        Duration waited = current.installedAt() == null ? Duration.ZERO : Duration.between(current.installedAt(), now);
        if (waited.compareTo(FIRST_LOOK) < 0) {
            return FIRST_LOOK;
        }
        return waited.compareTo(MAX_LOOK) > 0 ? MAX_LOOK : waited;
    }

    /** "from 0.3.0 to 0.4.0", for messages. */
    String describe() {
        return (fromVersion != null ? "from " + fromVersion + " " : "") + "to " + toVersion;
    }

    /** As the status holds it. */
    ObjectNode toJson() {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("planDigest", planDigest);
        node.put("observedGeneration", generation);
        if (fromVersion != null) {
            node.put("fromVersion", fromVersion);
        }
        if (toVersion != null) {
            node.put("toVersion", toVersion);
        }
        node.put("hops", hops);
        node.set("current", current.toJson());
        ArrayNode left = node.putArray("hopsLeft");
        hopsLeft.forEach(left::add);
        return node;
    }

    private List<String> withCurrent() {
        List<String> path = new ArrayList<>();
        path.add(current.entry());
        path.addAll(hopsLeft);
        return path;
    }
}
