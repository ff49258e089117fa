package dev.bundlectl.controller.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;

/**
 * One version a BundleInstall installed, as {@code status.history} lists it.
 *
 * @param version the CSV's {@code spec.version}, or null
 * @param csv the CSV's name, or null
 * @param planDigest the digest of the plan that was installed
 * @param installedAt when that install ended Complete
 */
public record HistoryEntry(String version, String csv, String planDigest, Instant installedAt) {

    /** This entry as status JSON. */
    public ObjectNode toJson() {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        if (version != null) {
            node.put("version", version);
        }
        if (csv != null) {
            node.put("csv", csv);
        }
        node.put("planDigest", planDigest);
        node.put("installedAt", installedAt.toString());
        return node;
    }

    /** An entry from status JSON. */
    public static HistoryEntry fromJson(JsonNode node) {
        return new HistoryEntry(textOrNull(node, "version"), textOrNull(node, "csv"), textOrNull(node, "planDigest"),
                node.hasNonNull("installedAt") ? Instant.parse(node.get("installedAt").asText()) : Instant.EPOCH);
    }

    private static String textOrNull(JsonNode node, String field) {
        return node.hasNonNull(field) ? node.get(field).asText() : null;
    }
}
