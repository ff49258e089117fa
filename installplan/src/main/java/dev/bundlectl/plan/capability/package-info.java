/**
 * OpenShift cluster capabilities (docs/semantics.md §4): the known capabilities and baseline sets, one
 * {@link dev.bundlectl.plan.capability.CapabilityConfig} model built from the install-config,
 * ClusterVersion, HyperShift or command-line form, the
 * {@link dev.bundlectl.plan.capability.CapabilityFilter} the planner applies, implicit enablement,
 * and the status and condition a plan reports. Pure logic; nothing here talks to a cluster.
 */
package dev.bundlectl.plan.capability;
