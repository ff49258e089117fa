package dev.bundlectl.source.catalog;

import dev.bundlectl.bundle.version.SemanticVersion;

/**
 * An {@code olm.bundle} blob, as far as choosing and pulling it needs.
 *
 * @param name the bundle name (the CSV name), which channel entries refer to
 * @param packageName its package
 * @param image the bundle image reference
 * @param version the version from its {@code olm.package} property, or null when it has none
 */
public record CatalogBundle(String name, String packageName, String image, SemanticVersion version) {
}
