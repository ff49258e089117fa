/**
 * The InstallPlan model in OLM's {@code operators.coreos.com/v1alpha1} shape, the planner that
 * turns a bundle into one, the API surface it plans against, and the pure API error classifier.
 * Nothing here performs I/O against a cluster.
 */
package dev.bundlectl.plan;
