/** Bundle annotations, properties and {@code olm.manifests.optional} entries. */
package dev.bundlectl.bundle.metadata;
