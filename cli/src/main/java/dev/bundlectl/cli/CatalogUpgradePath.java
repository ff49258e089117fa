package dev.bundlectl.cli;

import dev.bundlectl.bundle.version.SemanticVersion;
import dev.bundlectl.executor.records.InstallRecord;
import dev.bundlectl.source.catalog.CatalogBundle;
import dev.bundlectl.source.catalog.CatalogChannel;
import dev.bundlectl.source.catalog.ChannelEntry;
import dev.bundlectl.source.catalog.UpgradeGraph;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code install --catalog C --package P} where P is installed: the path from the installed
 * version to the chosen one along the channel, one hop at a time as OLM v0's resolver takes them
 * ({@link UpgradeGraph#path}, docs/semantics.md §5). A first install, a re-run, a lower version
 * (refused by the upgrade rules when it is planned) and {@code --force} take no path: the chosen
 * bundle is installed as it is.
 *
 * @param installed the installed CSV and its version, as the package's latest record names them
 * @param hops the catalog bundles to install in turn, the chosen one last
 */
record CatalogUpgradePath(String installed, String installedVersion, List<CatalogBundle> hops) {

    CatalogUpgradePath {
        hops = List.copyOf(hops);
    }

    /**
     * The path for {@code chain}'s chosen bundle over the package's latest record; empty when the
     * chosen bundle is installed as it is.
     *
     * @throws UserInputException when the channel does not reach the chosen bundle from the
     *     installed one and {@code force} is not set, naming both and the missing edge
     */
    static Optional<CatalogUpgradePath> of(CatalogChain chain, Optional<InstallRecord> latest, boolean force) {
        if (latest.isEmpty() || latest.get().csvName() == null || force) {
            return Optional.empty();
        }
        InstallRecord record = latest.get();
        CatalogBundle target = chain.root();
        SemanticVersion installedVersion = SemanticVersion.parse(record.csvVersion()).orElse(null);
        if (record.csvName().equals(target.name())
                || installedVersion != null && target.version() != null && target.version().compareTo(installedVersion) <= 0) {
            // A re-run, or a version the upgrade rules refuse when it is planned: nothing to walk.
            return Optional.empty();
        }
        CatalogChannel channel = chain.catalog().channelsOf(target.packageName()).stream()
                .filter(candidate -> candidate.name().equals(chain.channel())).findFirst().orElseThrow();
        UpgradeGraph graph = UpgradeGraph.of(chain.catalog(), channel);
        Optional<List<String>> path = graph.path(record.csvName(), installedVersion, target.name());
        if (path.isEmpty()) {
            throw new UserInputException("cannot upgrade " + target.packageName() + " from " + describe(record.csvName(),
                    record.csvVersion()) + " to " + describe(target.name(), target.version() == null ? null
                            : target.version().toString()) + ": " + missingEdge(channel, record.csvName(),
                                    installedVersion, target.name())
                    + "; nothing was applied (--force installs it anyway)");
        }
        List<CatalogBundle> hops = new ArrayList<>();
        for (String name : path.get()) {
            hops.add(chain.catalog().bundle(target.packageName(), name).orElseThrow(() -> new UserInputException(
                    "channel " + channel.name() + " of package " + target.packageName() + " lists " + name
                            + ", which the catalog has no bundle for")));
        }
        return Optional.of(new CatalogUpgradePath(record.csvName(), record.csvVersion(), hops));
    }

    /** {@code 0.3.0 -> 0.3.1 -> 0.4.0}: the installed version, then each hop's. */
    String line() {
        List<String> versions = new ArrayList<>();
        versions.add(installedVersion == null ? installed : installedVersion);
        hops.forEach(hop -> versions.add(hop.version() == null ? hop.name() : hop.version().toString()));
        return String.join(" -> ", versions);
    }

    /** Why the channel has no path: nothing leads on from the installed version, or nothing that does reaches the target. */
    private static String missingEdge(CatalogChannel channel, String installed,
            SemanticVersion installedVersion, String target) {
        List<String> onward = new ArrayList<>();
        for (ChannelEntry entry : channel.entries()) {
            if (installed.equals(entry.replaces()) || entry.skips().contains(installed)
                    || entry.skipRange() != null && installedVersion != null && entry.skipRange().contains(installedVersion)) {
                onward.add(entry.name());
            }
        }
        if (onward.isEmpty()) {
            return "no entry of channel " + channel.name() + " replaces " + installed + ", skips it or has an "
                    + "olm.skipRange containing " + (installedVersion == null ? "its version (not recorded)"
                            : installedVersion.toString());
        }
        return "channel " + channel.name() + " leads on from " + installed + " only to " + String.join(", ", onward)
                + ", and none of them leads to " + target;
    }

    private static String describe(String name, String version) {
        return version == null ? name : name + " (" + version + ")";
    }
}
