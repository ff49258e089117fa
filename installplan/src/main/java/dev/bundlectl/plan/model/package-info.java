/**
 * The InstallPlan document in OLM's {@code operators.coreos.com/v1alpha1} shape: the plan, its
 * steps, their resources and statuses, and the conditions. Plain data that every later stage reads;
 * it depends on nothing else in the planner.
 */
package dev.bundlectl.plan.model;
