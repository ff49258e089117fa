/** Extracting image layers (tar, gzip) without escape and within size caps. */
package dev.bundlectl.source.layer;
