/** Parsing what the user names as a bundle source: a directory, a registry image, an OCI layout or archive. */
package dev.bundlectl.source.reference;
