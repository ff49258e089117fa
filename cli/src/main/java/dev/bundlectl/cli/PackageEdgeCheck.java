package dev.bundlectl.cli;

import dev.bundlectl.bundle.version.SemanticVersion;
import dev.bundlectl.crdschema.upgrade.CrdShape;
import dev.bundlectl.crdschema.upgrade.CrdUpgradeSafety;
import dev.bundlectl.crdschema.upgrade.UpgradeFinding;
import dev.bundlectl.source.catalog.CatalogChannel;
import dev.bundlectl.source.catalog.ChannelEdge;
import dev.bundlectl.source.catalog.ChannelEntry;
import dev.bundlectl.source.catalog.UpgradeGraph;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks every upgrade edge of one package's channels (docs/semantics.md §9): for each edge, each
 * CRD of the newer bundle that the older one has too is compared with it ({@link CrdUpgradeSafety}).
 * An edge in several channels is checked once; an edge to a lower version is left out (bundlectl
 * installs none without {@code --force}). A package's versions mostly repeat their CRDs, and a
 * {@code skipRange} makes one bundle the end of many edges, so each distinct pair of CRD shapes is
 * compared once per package.
 */
final class PackageEdgeCheck {

    /** Two CRD shapes, compared by identity: the package's interner made equal shapes one object. */
    private record ShapePair(CrdShape old, CrdShape updated) {
    }

    private final Map<ShapePair, List<UpgradeFinding>> compared = new HashMap<>();

    private PackageEdgeCheck() {
    }

    /**
     * The edges of a package whose graph comes from its bundles' own CSVs and annotations (a
     * directory of bundles): each channel its bundles name, entered in their order.
     *
     * @param read the package's readable bundles
     * @param unreadable its bundles that could not be read
     */
    static PackageEdges ofBundles(String packageName, List<CheckedBundle.Read> read,
            List<PackageEdges.Unreadable> unreadable) {
        Map<String, List<ChannelEntry>> entries = new LinkedHashMap<>();
        Map<String, SemanticVersion> versions = new LinkedHashMap<>();
        Map<String, CheckedBundle.Read> byName = new LinkedHashMap<>();
        for (CheckedBundle.Read bundle : read) {
            if (byName.putIfAbsent(bundle.name(), bundle) != null) {
                continue;
            }
            if (bundle.version() != null) {
                versions.put(bundle.name(), bundle.version());
            }
            bundle.channels().forEach(channel -> entries.computeIfAbsent(channel, name -> new ArrayList<>())
                    .add(bundle.entry()));
        }
        List<CatalogChannel> channels = new ArrayList<>();
        entries.forEach((name, channelEntries) -> channels.add(new CatalogChannel(packageName, name, channelEntries)));
        return ofChannels(packageName, read.size() + unreadable.size(), channels, versions, byName, unreadable);
    }

    /**
     * The edges of a package whose channels a catalog gives (a file-based catalog).
     *
     * @param bundles how many bundles the package has
     * @param versions each bundle's version by name, where known
     * @param read the bundles read, by name; a bundle missing here leaves its edges unchecked
     * @param unreadable the bundles that could not be pulled or read
     */
    static PackageEdges ofChannels(String packageName, int bundles, List<CatalogChannel> channels,
            Map<String, SemanticVersion> versions, Map<String, CheckedBundle.Read> read,
            List<PackageEdges.Unreadable> unreadable) {
        Map<ChannelEdge, List<String>> edges = new LinkedHashMap<>();
        for (CatalogChannel channel : channels) {
            for (ChannelEdge edge : new UpgradeGraph(channel, versions).edges()) {
                List<String> holding = edges.computeIfAbsent(edge, key -> new ArrayList<>());
                if (!holding.contains(channel.name())) {
                    holding.add(channel.name());
                }
            }
        }
        PackageEdgeCheck check = new PackageEdgeCheck();
        int downgrades = 0;
        int unchecked = 0;
        List<EdgeFindings> broken = new ArrayList<>();
        for (Map.Entry<ChannelEdge, List<String>> edge : edges.entrySet()) {
            String from = edge.getKey().from();
            String to = edge.getKey().to();
            SemanticVersion fromVersion = versions.get(from);
            SemanticVersion toVersion = versions.get(to);
            if (fromVersion != null && toVersion != null && toVersion.compareTo(fromVersion) < 0) {
                downgrades++;
                continue;
            }
            CheckedBundle.Read older = read.get(from);
            CheckedBundle.Read newer = read.get(to);
            if (older == null || newer == null) {
                unchecked++;
                continue;
            }
            List<UpgradeFinding> findings = check.findings(older, newer);
            if (!findings.isEmpty()) {
                broken.add(new EdgeFindings(packageName, from, text(fromVersion, from), to, text(toVersion, to),
                        edge.getValue(), findings));
            }
        }
        return new PackageEdges(packageName, bundles, channels.size(), edges.size() - downgrades, downgrades, unchecked,
                check.compared.size(), broken, unreadable);
    }

    /** What installing {@code newer} over {@code older} does to the CRDs both have. */
    private List<UpgradeFinding> findings(CheckedBundle.Read older, CheckedBundle.Read newer) {
        List<UpgradeFinding> findings = new ArrayList<>();
        for (Map.Entry<String, CrdShape> crd : newer.crds().entrySet()) {
            CrdShape before = older.crds().get(crd.getKey());
            // An unchanged CRD is one shape, which breaks nothing.
            if (before != null && before != crd.getValue()) {
                findings.addAll(compared.computeIfAbsent(new ShapePair(before, crd.getValue()),
                        pair -> CrdUpgradeSafety.findings(pair.old(), pair.updated())));
            }
        }
        return findings;
    }

    private static String text(SemanticVersion version, String name) {
        return version != null ? version.toString() : name;
    }
}
