/**
 * The planner: it turns a bundle (or a release payload) into an
 * {@link dev.bundlectl.plan.model.InstallPlan} with a verdict and a summary
 * ({@link dev.bundlectl.plan.InstallPlanner}, {@link dev.bundlectl.plan.PayloadPlanner}). The plan's
 * data lives in {@code model}; served APIs in {@code api}; capability and payload rules in
 * {@code capability} and {@code payload}; pre-write object checks in {@code objects}; plan files and
 * redaction in {@code output}; error classes in {@code errors}. Nothing here performs I/O against a
 * cluster.
 */
package dev.bundlectl.plan;
