package dev.bundlectl.controller.reconcile;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Objects;

/**
 * The hop of a walk along a catalog's channel that is being installed, or is installed and not yet
 * seen running, as {@code status.walk.current} keeps it.
 *
 * @param entry the catalog's bundle as {@code name@image} (the image as the catalog names it), the
 *     form {@link PlannedBundle#laterHops()} takes
 * @param csv the CSV it installs
 * @param version that CSV's version, or null
 * @param bundleImage the bundle image pinned to the digest that was planned, which a later look at
 *     the hop plans again (the cache has it: no registry request)
 * @param fromVersion the version installed before this hop, or null
 * @param installedAt when its install ended Complete; null while it is being installed
 */
public record WalkHop(String entry, String csv, String version, String bundleImage, String fromVersion,
        Instant installedAt) {

    /** Checks the required parts. */
    public WalkHop {
        Objects.requireNonNull(entry, "entry");
        Objects.requireNonNull(csv, "csv");
        Objects.requireNonNull(bundleImage, "bundleImage");
    }

    /** The hop {@code planned} is, about to be installed over {@code fromVersion}. */
    static WalkHop of(PlannedBundle planned, String fromVersion) {
        return new WalkHop(planned.catalogEntry(), planned.csvName(), planned.version(), planned.bundleImage(),
                fromVersion, null);
    }

    /** This hop, its install ended Complete at {@code at}. */
    WalkHop installed(Instant at) {
        return new WalkHop(entry, csv, version, bundleImage, fromVersion, at);
    }

    /** Whether the latest install record of the package names this hop: its install started. */
    boolean recordedBy(RecordedInstall record) {
        return record != null && csv.equals(record.csvName());
    }

    /** The version, or the CSV when it has none: how messages name the hop. */
    String describe() {
        return version != null ? version : csv;
    }

    ObjectNode toJson() {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("entry", entry);
        node.put("csv", csv);
        if (version != null) {
            node.put("version", version);
        }
        node.put("bundleImage", bundleImage);
        if (fromVersion != null) {
            node.put("fromVersion", fromVersion);
        }
        if (installedAt != null) {
            node.put("installedAt", installedAt.toString());
        }
        return node;
    }

    /** The hop a status recorded; null when it lacks a part (written by hand, say). */
    static WalkHop fromJson(JsonNode node) {
        if (!node.hasNonNull("entry") || !node.hasNonNull("csv") || !node.hasNonNull("bundleImage")) {
            return null;
        }
        Instant installedAt = null;
        if (node.hasNonNull("installedAt")) {
            try {
                installedAt = Instant.parse(node.get("installedAt").asText());
            } catch (DateTimeParseException e) {
                return null;
            }
        }
        return new WalkHop(node.get("entry").asText(), node.get("csv").asText(), node.path("version").asText(null),
                node.get("bundleImage").asText(), node.path("fromVersion").asText(null), installedAt);
    }
}
