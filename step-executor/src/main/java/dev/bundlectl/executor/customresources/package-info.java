/**
 * The custom resources of CRDs about to be deleted (docs/semantics.md §8, "Removing CRDs"): deleting
 * a CRD deletes every resource of its kind at once, and a resource whose finalizer only its operator
 * removes stays stuck once the operator is gone. So before an uninstall or {@code gc} deletes CRDs it
 * says what each holds ({@link dev.bundlectl.executor.customresources.CrdContents}: how many
 * resources, how many carry finalizers, its stored versions), deletes those resources while the
 * operator still runs and waits for them to go, up to a timeout, naming any that stay
 * ({@link dev.bundlectl.executor.customresources.CustomResourceSweep}); only then do the operator and
 * the CRDs go.
 */
package dev.bundlectl.executor.customresources;
