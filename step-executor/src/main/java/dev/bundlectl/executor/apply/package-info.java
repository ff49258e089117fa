/**
 * How one step is applied: the write its {@code WriteMethod} names, with per-kind behaviour (CRD,
 * CSV, other objects), retries and the failure policy. Used by the executor; not a stable API.
 */
package dev.bundlectl.executor.apply;
