package dev.bundlectl.controller.reconcile;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * Which version a BundleInstall's status says is installed ({@code installedVersion}, else the
 * last of {@code status.history}) and which a plan ends at: an upgrade is a plan whose version
 * differs from the one installed.
 */
final class InstalledVersions {

    private InstalledVersions() {
    }

    /** The version installed now, or null before the first install. */
    static String current(JsonNode status) {
        if (status.hasNonNull("installedVersion")) {
            return status.get("installedVersion").asText();
        }
        List<JsonNode> history = history(status);
        return history.isEmpty() ? null : history.get(history.size() - 1).path("version").asText(null);
    }

    /** The version {@code planned} ends at: the channel's target on a walk, else its own. */
    static String target(PlannedBundle planned) {
        return planned.channel() != null ? planned.channel().targetVersion() : planned.version();
    }

    private static List<JsonNode> history(JsonNode status) {
        List<JsonNode> entries = new ArrayList<>();
        status.path("history").forEach(entries::add);
        return entries;
    }
}
