/**
 * Bundle sources: an image reference, an OCI layout or archive, or a file-based catalog, turned
 * into a local bundle directory that {@code dev.bundlectl.bundle.read.BundleReader} reads. Depends on
 * bundle-reader only. Entry point: {@link dev.bundlectl.source.BundleSources}.
 */
package dev.bundlectl.source;
