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
        Optional<String> downgrade = downgrade(from, next);
        if (downgrade.isPresent()) {
            // OLM v1's rule: an edge may lead back to an older version; the version decides.
            return force ? new UpgradeDecision.Upgrade(from, next, UpgradeEdge.FORCED)
                    : new UpgradeDecision.Refused(from, next, downgrade.get());
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

    /** Why {@code next} is a downgrade from {@code from}; empty when it is not, or either version is not semver. */
    private static Optional<String> downgrade(InstalledVersion from, UpgradeEdges next) {
        Optional<SemanticVersion> installed = SemanticVersion.parse(from.version());
        Optional<SemanticVersion> target = next.semanticVersion();
        if (installed.isEmpty() || target.isEmpty() || target.get().compareTo(installed.get()) >= 0) {
            return Optional.empty();
        }
        return Optional.of("version " + next.version() + " is lower than the installed " + from.version()
                + ", and bundlectl never downgrades, whatever edge connects them");
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
