/**
 * What the capability rules need to know about a live cluster: its own capabilities
 * ({@link dev.bundlectl.executor.capability.ClusterVersionReader}) and whether objects that the
 * capability filter excludes already exist
 * ({@link dev.bundlectl.executor.capability.ExistingObjects}). Only reads, all asynchronous; the
 * decisions themselves are in {@code dev.bundlectl.plan.capability}.
 */
package dev.bundlectl.executor.capability;
