package dev.bundlectl.source.catalog;

import dev.bundlectl.bundle.version.SemanticVersion;
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
        CatalogChannel channel = channels.stream().filter(c -> c.name().equals(wanted)).findFirst()
                .orElseThrow(() -> new CatalogException((channelName != null ? names.channel() + " " : "defaultChannel ")
                        + wanted + ": package " + packageName + " has no such channel (it has: " + names(channels) + ")"));
        UpgradeGraph graph = UpgradeGraph.of(catalog, channel);
        String name = version == null ? graph.head() : entryFor(catalog, names, channel, version);
        CatalogBundle bundle = catalog.bundle(packageName, name).orElseThrow(() -> new CatalogException(
                "package " + packageName + ", channel " + channel.name() + ": entry " + name + " has no olm.bundle blob"));
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
