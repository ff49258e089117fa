/**
 * Objects checked as the API server would check them, before any write and in offline plans:
 * names by each kind's rule, labels and annotations, Secret and ConfigMap data, the request size
 * limit, the CSV against OLM's CRD schema, custom resources against the bundle's own CRDs, and a
 * CRD's schema patterns ({@link dev.bundlectl.plan.objects.ObjectChecks}). A predicted rejection
 * carries the server's wording ({@link dev.bundlectl.plan.objects.ObjectVerdict}). The names a
 * bundle gives that other names and labels are made from are checked before planning, as invalid
 * input ({@link dev.bundlectl.plan.objects.InputNames}). Pure logic, no I/O to a cluster.
 */
package dev.bundlectl.plan.objects;
