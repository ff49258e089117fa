package dev.bundlectl.source.catalog;

import dev.bundlectl.bundle.version.SemanticVersion;
import dev.bundlectl.bundle.version.VersionConstraint;
import dev.bundlectl.source.errors.CatalogException;
import java.util.List;

/**
 * Picks a bundle from a catalog the way an OLM Subscription does: the package, its default
 * channel unless one is named, and that channel's head unless a version is named.
 */
public final class CatalogSelection {

    private CatalogSelection() {
    }

    /** What was chosen, and from which channel. */
    public record Chosen(CatalogBundle bundle, String channel) {
    }

    /**
     * @param packageName required
     * @param channelName null for the package's default channel
     * @param version null for the channel head; else a version ({@code 0.3.1}) or a bundle name
     */
    public static Chosen choose(Catalog catalog, String packageName, String channelName, String version) {
        return choose(catalog, ChoiceNames.FLAGS, packageName, channelName, version);
    }

    /** As {@link #choose(Catalog, String, String, String)}, naming the choice's parts as {@code names} says. */
    public static Chosen choose(Catalog catalog, ChoiceNames names, String packageName, String channelName,
            String version) {
        CatalogChannel channel = channel(catalog, names, packageName, channelName);
        UpgradeGraph graph = UpgradeGraph.of(catalog, channel);
        return chosen(catalog, channel, version == null ? graph.head() : entryFor(catalog, names, channel, version));
    }

    /**
     * The newest version of the channel that {@code range} takes (OLM v1's {@code version} of a
     * ClusterExtension), the channel as {@link #choose(Catalog, ChoiceNames, String, String, String)}
     * picks it.
     *
     * @param rangeName what the front end calls the range setting ({@code --version-range})
     */
    public static Chosen chooseInRange(Catalog catalog, ChoiceNames names, String packageName, String channelName,
            VersionConstraint range, String rangeName) {
        CatalogChannel channel = channel(catalog, names, packageName, channelName);
        String newest = null;
        SemanticVersion newestVersion = null;
        List<String> versions = new java.util.ArrayList<>();
        for (ChannelEntry entry : channel.entries()) {
            SemanticVersion version = catalog.bundle(packageName, entry.name()).map(CatalogBundle::version).orElse(null);
            if (version == null) {
                continue;
            }
            versions.add(version.toString());
            if (range.contains(version) && (newestVersion == null || version.compareTo(newestVersion) > 0)) {
                newest = entry.name();
                newestVersion = version;
            }
        }
        if (newest == null) {
            throw new CatalogException(rangeName + " " + range + ": no version in channel " + channel.name()
                    + " of package " + packageName + " is in the range (it has: "
                    + (versions.isEmpty() ? "none" : String.join(", ", versions)) + ")");
        }
        return chosen(catalog, channel, newest);
    }

    private static CatalogChannel channel(Catalog catalog, ChoiceNames names, String packageName, String channelName) {
        CatalogPackage pkg = catalog.packages().get(packageName);
        if (pkg == null) {
            throw new CatalogException(names.packageName() + " " + packageName + ": not in the catalog (it has: "
                    + String.join(", ", catalog.packages().keySet()) + ")");
        }
        List<CatalogChannel> channels = catalog.channelsOf(packageName);
        String wanted = channelName != null ? channelName : pkg.defaultChannel();
        if (wanted == null) {
            throw new CatalogException("package " + packageName + " names no defaultChannel; choose one with " + names.channel() + " (one of: "
                    + names(channels) + ")");
        }
        return channels.stream().filter(c -> c.name().equals(wanted)).findFirst()
                .orElseThrow(() -> new CatalogException((channelName != null ? names.channel() + " " : "defaultChannel ")
                        + wanted + ": package " + packageName + " has no such channel (it has: " + names(channels) + ")"));
    }

    private static Chosen chosen(Catalog catalog, CatalogChannel channel, String name) {
        CatalogBundle bundle = catalog.bundle(channel.packageName(), name).orElseThrow(() -> new CatalogException(
                "package " + channel.packageName() + ", channel " + channel.name() + ": entry " + name
                        + " has no olm.bundle blob"));
        return new Chosen(bundle, channel.name());
    }

    private static String entryFor(Catalog catalog, ChoiceNames names, CatalogChannel channel, String version) {
        for (ChannelEntry entry : channel.entries()) {
            if (entry.name().equals(version)) {
                return entry.name();
            }
            CatalogBundle bundle = catalog.bundle(channel.packageName(), entry.name()).orElse(null);
            if (bundle != null && bundle.version() != null && SemanticVersion.parseTolerant(version).filter(bundle.version()::samePrecedence).isPresent()) {
                return entry.name();
            }
        }
        throw new CatalogException(names.version() + " " + version + ": not in channel " + channel.name() + " of package "
                + channel.packageName() + " (it has: " + String.join(", ",
                        channel.entries().stream().map(ChannelEntry::name).toList()) + ")");
    }

    private static String names(List<CatalogChannel> channels) {
        return channels.isEmpty() ? "none" : String.join(", ", channels.stream().map(CatalogChannel::name).toList());
    }
}
