/** API discovery of a live cluster: per group/version cache, and an ApiSurface snapshot. */
package dev.bundlectl.cluster.discovery;
