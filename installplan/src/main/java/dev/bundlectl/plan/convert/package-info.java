/**
 * Conversion of objects whose API version Kubernetes removed ({@code apiextensions.k8s.io/v1beta1}
 * CRDs, {@code rbac.authorization.k8s.io/v1beta1}, {@code policy/v1beta1} PodDisruptionBudgets,
 * {@code scheduling.k8s.io/v1beta1} PriorityClasses) to the version that replaced them, following
 * the API server's own conversion between the two. The planner converts an object only when the
 * target serves the replacement and not the removed version ({@link dev.bundlectl.plan.convert.ConversionPolicy}).
 * A CRD whose schema v1 would refuse even after conversion is not converted
 * ({@link dev.bundlectl.plan.convert.ConversionResult.Refused}); {@link
 * dev.bundlectl.plan.convert.StructuralSchemaCheck} decides. Pure logic, no I/O.
 */
package dev.bundlectl.plan.convert;
