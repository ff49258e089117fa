/**
 * The cluster-version operator's release-payload rules (docs/semantics.md §5): the inclusion checks
 * (exclude identifier, feature set, profile, capabilities), the create-only, delete and
 * install-level annotations and their validation, the run-level graph of a payload directory,
 * and the reappearance warning for deleted objects. Pure logic; nothing here talks to a cluster.
 */
package dev.bundlectl.plan.payload;
