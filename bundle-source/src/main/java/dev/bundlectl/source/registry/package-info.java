/** The OCI distribution API over the Vert.x web client: manifests, blobs, auth challenges, credentials, retries. */
package dev.bundlectl.source.registry;
