package dev.bundlectl.source.catalog;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A file-based catalog: its packages, channels and bundles, as read from a directory.
 *
 * @param packages by name, sorted
 * @param channels every channel of every package
 * @param bundles every bundle of every package
 */
public record Catalog(Map<String, CatalogPackage> packages, List<CatalogChannel> channels, List<CatalogBundle> bundles) {

    public Catalog {
        packages = new TreeMap<>(packages);
        channels = List.copyOf(channels);
        bundles = List.copyOf(bundles);
    }

    /** The channels of {@code packageName}, sorted by name. */
    public List<CatalogChannel> channelsOf(String packageName) {
        return channels.stream().filter(channel -> channel.packageName().equals(packageName))
                .sorted(java.util.Comparator.comparing(CatalogChannel::name)).toList();
    }

    /** The bundle of {@code packageName} named {@code name}. */
    public Optional<CatalogBundle> bundle(String packageName, String name) {
        return bundles.stream().filter(bundle -> bundle.packageName().equals(packageName) && bundle.name().equals(name))
                .findFirst();
    }
}
