package dev.bundlectl.controller.reconcile;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;

/**
 * Where a BundleInstall that follows a catalog stands on its channel: the version installed, the
 * newest the channel has, and the one the spec picks (the newest in {@code versionRange}, the
 * pinned {@code version}, or the head), with why the newest is not the target when it is not.
 *
 * @param installedVersion the version installed now, or null before the first install
 * @param latestVersion the newest version of the channel (its head)
 * @param targetVersion the version the spec picks
 * @param blockedBecause why the newest version is not the target (outside the range, or a pinned
 *     version), or null when it is
 */
public record ChannelStanding(String installedVersion, String latestVersion, String targetVersion,
        String blockedBecause) {

    /** Checks the required parts. */
    public ChannelStanding {
        Objects.requireNonNull(latestVersion, "latestVersion");
        Objects.requireNonNull(targetVersion, "targetVersion");
    }

    /** The same standing once {@code version} is installed. */
    public ChannelStanding installed(String version) {
        return new ChannelStanding(version, latestVersion, targetVersion, blockedBecause);
    }

    /** Whether the target is a version other than the installed one (nothing installed: no upgrade). */
    public boolean upgradeAvailable() {
        return installedVersion != null && !installedVersion.equals(targetVersion);
    }

    /** The standing a status recorded, or null when it recorded none. */
    static ChannelStanding of(JsonNode status) {
        if (!status.hasNonNull("latestVersion") || !status.hasNonNull("targetVersion")) {
            return null;
        }
        JsonNode blocked = null;
        for (JsonNode condition : status.path("conditions")) {
            if ("UpgradeBlocked".equals(condition.path("type").asText()) && "True".equals(condition.path("status").asText())) {
                blocked = condition.path("message");
            }
        }
        return new ChannelStanding(status.path("installedVersion").asText(null), status.get("latestVersion").asText(),
                status.get("targetVersion").asText(), blocked == null ? null : blocked.asText());
    }
}
