/**
 * Objects checked as the API server would check them, before any write and in offline plans:
 * names by each kind's rule, Secret and ConfigMap data, the request size limit, the CSV against
 * OLM's CRD schema, and custom resources against the bundle's own CRDs
 * ({@link dev.bundlectl.plan.objects.ObjectChecks}). A predicted rejection carries the server's
 * wording ({@link dev.bundlectl.plan.objects.ObjectVerdict}). Pure logic, no I/O to a cluster.
 */
package dev.bundlectl.plan.objects;
