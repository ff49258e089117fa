/**
 * Parsed documents to {@link dev.bundlectl.bundle.Manifest}s: {@code *List} expansion, required
 * fields, duplicate objects and the choice of the one CSV.
 */
package dev.bundlectl.bundle.objects;
