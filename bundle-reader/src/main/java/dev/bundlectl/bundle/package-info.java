/**
 * The bundle model every later stage reads: an immutable {@link dev.bundlectl.bundle.Bundle} of
 * {@link dev.bundlectl.bundle.Manifest}s with their {@link dev.bundlectl.bundle.SourceLocation}s,
 * plus the {@link dev.bundlectl.bundle.Diagnostics} found while reading it. The readers that build it
 * live in {@code read}; this module never talks to a cluster.
 */
package dev.bundlectl.bundle;
