package dev.bundlectl.source.catalog;

import dev.bundlectl.bundle.version.SemanticVersion;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * How a catalog choice is installed over the package's installed version (docs/semantics.md §9):
 * as it is (a first install, a re-run, a lower version, which the upgrade rules refuse when it is
 * planned, or {@code --force}), along the channel one hop at a time as OLM v0's resolver takes them
 * ({@link UpgradeGraph#path}), or not at all when the channel does not reach it. The command line
 * and the controller walk the same path.
 */
public sealed interface ChannelWalk permits ChannelWalk.AsChosen, ChannelWalk.Hops, ChannelWalk.Unreachable {

    /** The chosen bundle is installed as it is. */
    record AsChosen() implements ChannelWalk {
    }

    /**
     * Each hop installed in turn, the chosen bundle last.
     *
     * @param installed the installed CSV
     * @param installedVersion its version, or null
     * @param hops the bundles to install in turn
     */
    record Hops(String installed, String installedVersion, List<CatalogBundle> hops) implements ChannelWalk {
        public Hops {
            Objects.requireNonNull(installed, "installed");
            hops = List.copyOf(hops);
        }

        /** {@code 0.3.0 -> 0.3.1 -> 0.4.0}: the installed version, then each hop's. */
        public String line() {
            List<String> versions = new ArrayList<>();
            versions.add(installedVersion == null ? installed : installedVersion);
            hops.forEach(hop -> versions.add(hop.version() == null ? hop.name() : hop.version().toString()));
            return String.join(" -> ", versions);
        }
    }

    /**
     * The channel does not lead from the installed version to the chosen one.
     *
     * @param reason one line naming both versions and the missing edge
     */
    record Unreachable(String reason) implements ChannelWalk {
        public Unreachable {
            Objects.requireNonNull(reason, "reason");
        }
    }

    /**
     * The walk from the installed CSV to {@code target}, chosen from {@code channel} of {@code catalog}.
     *
     * @param installedCsv the package's installed CSV, or null when none is installed
     * @param installedVersion its version as recorded, or null
     * @param force install the target as it is, whatever connects it
     */
    static ChannelWalk of(Catalog catalog, String channel, CatalogBundle target, String installedCsv,
            String installedVersion, boolean force) {
        if (installedCsv == null || force || installedCsv.equals(target.name())) {
            return new AsChosen();
        }
        SemanticVersion installed = SemanticVersion.parse(installedVersion).orElse(null);
        if (installed != null && target.version() != null && target.version().compareTo(installed) <= 0) {
            // A lower version: refused when it is planned, naming both.
            return new AsChosen();
        }
        CatalogChannel chosen = catalog.channelsOf(target.packageName()).stream()
                .filter(candidate -> candidate.name().equals(channel)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("package " + target.packageName() + " has no channel "
                        + channel));
        UpgradeGraph graph = UpgradeGraph.of(catalog, chosen);
        List<String> path = graph.path(installedCsv, installed, target.name()).orElse(null);
        if (path == null) {
            return new Unreachable("cannot upgrade " + target.packageName() + " from "
                    + describe(installedCsv, installedVersion) + " to " + describe(target.name(),
                            target.version() == null ? null : target.version().toString()) + ": "
                    + missingEdge(graph, chosen.name(), installedCsv, installed, target.name()));
        }
        List<CatalogBundle> hops = new ArrayList<>();
        for (String name : path) {
            CatalogBundle hop = catalog.bundle(target.packageName(), name).orElse(null);
            if (hop == null) {
                return new Unreachable("channel " + channel + " of package " + target.packageName() + " lists " + name
                        + ", which the catalog has no bundle for");
            }
            hops.add(hop);
        }
        return new Hops(installedCsv, installedVersion, hops);
    }

    /** Why the channel has no path: nothing leads on from the installed version, or nothing that does reaches the target. */
    private static String missingEdge(UpgradeGraph graph, String channel, String installed,
            SemanticVersion installedVersion, String target) {
        List<String> onward = graph.onwardFrom(installed, installedVersion);
        if (onward.isEmpty()) {
            return "no entry of channel " + channel + " replaces " + installed + ", skips it or has an "
                    + "olm.skipRange containing " + (installedVersion == null ? "its version (not recorded)"
                            : installedVersion.toString());
        }
        return "channel " + channel + " leads on from " + installed + " only to " + String.join(", ", onward)
                + ", and none of them leads to " + target;
    }

    private static String describe(String name, String version) {
        return version == null ? name : name + " (" + version + ")";
    }
}
