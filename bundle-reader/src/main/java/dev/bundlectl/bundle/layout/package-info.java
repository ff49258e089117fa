/**
 * Where a bundle's manifests and metadata are, which files in them are read, and what to tell the
 * user when a directory has an odd layout.
 */
package dev.bundlectl.bundle.layout;
