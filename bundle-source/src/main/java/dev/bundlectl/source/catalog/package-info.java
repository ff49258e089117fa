/**
 * File-based catalogs (olm.package, olm.channel, olm.bundle), channel heads, upgrade edges
 * ({@link dev.bundlectl.source.catalog.UpgradeGraph}) and OLM's semver ranges.
 */
package dev.bundlectl.source.catalog;
