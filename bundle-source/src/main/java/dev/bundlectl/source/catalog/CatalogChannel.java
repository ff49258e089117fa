package dev.bundlectl.source.catalog;

import java.util.List;

/**
 * An {@code olm.channel} blob.
 *
 * @param packageName the package it belongs to
 * @param name the channel name
 * @param entries its entries, in file order
 */
public record CatalogChannel(String packageName, String name, List<ChannelEntry> entries) {

    public CatalogChannel {
        entries = List.copyOf(entries);
    }
}
