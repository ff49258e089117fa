/** Pulling an image (manifest, index, config, layers) from a registry, OCI layout or OCI archive into the cache. */
package dev.bundlectl.source.image;
