/**
 * The InstallPlan model in OLM's {@code operators.coreos.com/v1alpha1} shape, and the planner
 * that turns a bundle into one ({@link dev.bundlectl.plan.InstallPlanner}) with its verdict and
 * summary. Surfaces live in {@code api}, plan files and redaction in {@code output}, error
 * classes in {@code errors}. Nothing here performs I/O against a cluster.
 */
package dev.bundlectl.plan;
