package dev.bundlectl.source.catalog;

import dev.bundlectl.bundle.version.VersionRange;
import java.util.List;

/**
 * One entry of an {@code olm.channel}: a bundle and the upgrade edges into it.
 *
 * @param name the bundle name (the CSV name)
 * @param replaces the bundle this one replaces, or null
 * @param skips bundles this one may be installed over directly
 * @param skipRange versions this one may be installed over directly, or null
 */
public record ChannelEntry(String name, String replaces, List<String> skips, VersionRange skipRange) {

    public ChannelEntry {
        skips = List.copyOf(skips);
    }
}
