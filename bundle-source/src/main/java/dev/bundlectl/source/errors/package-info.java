/**
 * Why a bundle source could not be turned into a directory: one sealed
 * {@link dev.bundlectl.source.errors.SourceException} with a subclass per party at fault, so callers
 * pick exit codes without reading messages.
 */
package dev.bundlectl.source.errors;
