/**
 * A bundle's dependencies against the target: what is installed there (install records, OLM's
 * CSVs, bundles installed before this one in the same run), what it serves, and the plan's
 * dependency statuses and condition that follow.
 */
package dev.bundlectl.plan.dependency;
