/**
 * InstallPlans as documents: YAML and JSON output, parsing plan files back, and redaction of
 * Secret values before a plan is shown or stored.
 */
package dev.bundlectl.plan.output;
