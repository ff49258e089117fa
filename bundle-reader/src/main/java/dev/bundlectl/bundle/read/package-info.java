/**
 * The entry points that read a directory: {@link dev.bundlectl.bundle.read.BundleReader} for an OLM
 * registry+v1 bundle, {@link dev.bundlectl.bundle.read.PayloadReader} for a release-payload
 * directory, and {@link dev.bundlectl.bundle.read.BundleLayout} to tell the two apart. They compose
 * the {@code files}, {@code layout}, {@code metadata}, {@code objects} and {@code yaml} packages.
 */
package dev.bundlectl.bundle.read;
