/**
 * The one shape of a planned object, from the planner to the executor:
 * {@link dev.bundlectl.plan.planned.PlannedInstall} holds the InstallPlan document as OLM shows it,
 * each step as a {@link dev.bundlectl.plan.planned.PlannedStep} (the step, its object parsed once,
 * and where it came from), and for a release payload the run graphs
 * ({@link dev.bundlectl.plan.planned.PayloadOrder}) built once. The planner makes one from the
 * manifests it read; a stored plan is read into one once, at the command line's edge.
 */
package dev.bundlectl.plan.planned;
