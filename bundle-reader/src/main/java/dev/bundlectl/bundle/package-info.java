/**
 * Reads OLM registry+v1 bundles into an immutable {@link dev.bundlectl.bundle.Bundle} model plus
 * {@link dev.bundlectl.bundle.Diagnostics}. This module never talks to a cluster.
 */
package dev.bundlectl.bundle;
