/** The on-disk cache of pulled bundles and catalogs, by digest, written atomically. */
package dev.bundlectl.source.cache;
