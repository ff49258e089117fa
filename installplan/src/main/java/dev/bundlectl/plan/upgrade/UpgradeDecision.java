package dev.bundlectl.plan.upgrade;

import dev.bundlectl.bundle.version.SemanticVersion;
import java.util.Objects;
import java.util.Optional;

/**
 * What installing a bundle means, given the latest install of its package in the namespace: a
 * first install, a re-run of the installed CSV, an upgrade to another CSV, or a refused upgrade.
 */
public sealed interface UpgradeDecision permits UpgradeDecision.FirstInstall, UpgradeDecision.Rerun,
        UpgradeDecision.Upgrade, UpgradeDecision.Refused {

    /** No install of the package is recorded in the namespace. */
    record FirstInstall() implements UpgradeDecision {
    }

    /**
     * The installed CSV is installed again: today's update of every object, no deletions.
     *
     * @param installed the installed version
     */
    record Rerun(InstalledVersion installed) implements UpgradeDecision {
        public Rerun {
            Objects.requireNonNull(installed, "installed");
        }

        /** e.g. {@code re-run of cachebox-operator.v0.3.1 (0.3.1), the installed CSV}. */
        public String line() {
            return "re-run of " + installed.describe() + ", the installed CSV";
        }
    }

    /**
     * Another CSV replaces the installed one.
     *
     * @param from the installed version
     * @param to the new CSV's edges
     * @param edge how the new CSV reaches the installed one
     */
    record Upgrade(InstalledVersion from, UpgradeEdges to, UpgradeEdge edge) implements UpgradeDecision {
        public Upgrade {
            Objects.requireNonNull(from, "from");
            Objects.requireNonNull(to, "to");
            Objects.requireNonNull(edge, "edge");
        }

        /**
         * e.g. {@code upgrade from cachebox-operator.v0.1.0 (0.1.0) to cachebox-operator.v0.2.0 (0.2.0) via
         * spec.replaces}, or {@code rollback from ... (0.4.0) to ... (0.3.1), a lower version}.
         */
        public String line() {
            return rollback() ? "rollback " + fromTo() + ", a lower version" : "upgrade " + fromTo() + " via "
                    + edge.source();
        }

        /** e.g. {@code from cachebox-operator.v0.4.0 (0.4.0) to cachebox-operator.v0.3.1 (0.3.1)}. */
        public String fromTo() {
            return "from " + from.describe() + " to " + describe(to.csvName(), to.version());
        }

        /**
         * Whether this goes to a lower version than the installed one (semantic-version order): a
         * rollback, which only a forced edge reaches (docs/semantics.md §9, "No downgrades").
         */
        public boolean rollback() {
            return lower(from, to);
        }

        /** The installed version as a rollback's history names it: its version, else its CSV. */
        public String fromVersion() {
            return from.version() != null ? from.version() : from.csvName();
        }
    }

    /**
     * Another CSV that does not reach the installed one: refused unless forced.
     *
     * @param from the installed version
     * @param to the new CSV's edges
     * @param why why the new CSV does not reach the installed one
     */
    record Refused(InstalledVersion from, UpgradeEdges to, String why) implements UpgradeDecision {
        public Refused {
            Objects.requireNonNull(from, "from");
            Objects.requireNonNull(to, "to");
            Objects.requireNonNull(why, "why");
        }

        /** One line for the command line's user, naming both versions and the way round the refusal. */
        public String message() {
            return reason() + "; nothing was applied (--force installs it anyway)";
        }

        /** Whether it was refused as a downgrade: the new version is lower than the installed one. */
        public boolean downgrade() {
            return lower(from, to);
        }

        /** Why it is refused, naming both versions, without saying what the caller may do about it. */
        public String reason() {
            return "cannot upgrade " + from.packageName() + " from " + from.describe() + " to "
                    + describe(to.csvName(), to.version()) + ": " + why;
        }
    }

    /** Whether {@code to}'s version is lower than {@code from}'s (semantic-version order); false when either is not one. */
    private static boolean lower(InstalledVersion from, UpgradeEdges to) {
        Optional<SemanticVersion> installed = SemanticVersion.parse(from.version());
        Optional<SemanticVersion> next = to.semanticVersion();
        return installed.isPresent() && next.isPresent() && next.get().compareTo(installed.get()) < 0;
    }

    /** {@code NAME (VERSION)}, or the name alone when the version is unknown. */
    static String describe(String csvName, String version) {
        String name = csvName == null ? "an unnamed CSV" : csvName;
        return version == null ? name : name + " (" + version + ")";
    }
}
