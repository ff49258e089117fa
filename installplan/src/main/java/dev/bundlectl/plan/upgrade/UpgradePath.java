package dev.bundlectl.plan.upgrade;

import dev.bundlectl.bundle.version.SemanticVersion;
import dev.bundlectl.bundle.version.VersionRange;
import java.util.Optional;

/**
 * Decides whether a CSV may replace the installed one, by OLM's rules: the new CSV must name the
 * installed one in {@code spec.replaces} or {@code spec.skips}, or its {@code olm.skipRange} must
 * contain the installed version. The same CSV again is a re-run, not an upgrade.
 */
public final class UpgradePath {

    private UpgradePath() {
    }

    /**
     * @param installed the latest install of the package in the namespace, or empty
     * @param next the edges of the CSV being installed
     * @param force whether to install an unconnected CSV anyway
     */
    public static UpgradeDecision decide(Optional<InstalledVersion> installed, UpgradeEdges next, boolean force) {
        if (installed.isEmpty()) {
            return new UpgradeDecision.FirstInstall();
        }
        InstalledVersion from = installed.get();
        // A record without a CSV (a plan without one) gives nothing to upgrade from.
        if (from.csvName() == null || from.csvName().equals(next.csvName())) {
            return new UpgradeDecision.Rerun(from);
        }
        if (from.csvName().equals(next.replaces())) {
            return new UpgradeDecision.Upgrade(from, next, UpgradeEdge.REPLACES);
        }
        if (next.skips().contains(from.csvName())) {
            return new UpgradeDecision.Upgrade(from, next, UpgradeEdge.SKIPS);
        }
        RangeCheck range = inSkipRange(from, next);
        if (range.contains()) {
            return new UpgradeDecision.Upgrade(from, next, UpgradeEdge.SKIP_RANGE);
        }
        if (force) {
            return new UpgradeDecision.Upgrade(from, next, UpgradeEdge.FORCED);
        }
        return new UpgradeDecision.Refused(from, next, next.csvName() + " neither replaces nor skips "
                + from.csvName() + ", and " + range.why());
    }

    private record RangeCheck(boolean contains, String why) {
    }

    private static RangeCheck inSkipRange(InstalledVersion from, UpgradeEdges next) {
        if (next.skipRange() == null) {
            return new RangeCheck(false, "it has no " + UpgradeEdges.SKIP_RANGE_ANNOTATION + " annotation");
        }
        String quoted = UpgradeEdges.SKIP_RANGE_ANNOTATION + " \"" + next.skipRange() + "\"";
        Optional<VersionRange> range = VersionRange.parse(next.skipRange());
        if (range.isEmpty()) {
            return new RangeCheck(false, "its " + quoted + " is not a semver range");
        }
        if (from.version() == null) {
            return new RangeCheck(false, "the installed version is not recorded, so its " + quoted
                    + " cannot be checked");
        }
        Optional<SemanticVersion> version = SemanticVersion.parse(from.version());
        if (version.isEmpty()) {
            return new RangeCheck(false, "the installed version " + from.version() + " is not a semantic version, so its "
                    + quoted + " cannot be checked");
        }
        return range.get().contains(version.get()) ? new RangeCheck(true, null)
                : new RangeCheck(false, "its " + quoted + " does not contain " + from.version());
    }
}
