/**
 * How one step is applied: per-kind behaviour (CRD, CSV, other objects), the annotation rules
 * (create-only, delete), retries and the failure policy. Used by the executor; not a stable API.
 */
package dev.bundlectl.executor.apply;
