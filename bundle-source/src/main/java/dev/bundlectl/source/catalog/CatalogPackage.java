package dev.bundlectl.source.catalog;

/**
 * An {@code olm.package} blob.
 *
 * @param name the package name
 * @param defaultChannel the channel used when none is asked for; may be null
 */
public record CatalogPackage(String name, String defaultChannel) {
}
