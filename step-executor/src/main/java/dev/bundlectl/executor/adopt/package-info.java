/**
 * Taking over what OLM v0 installed, and handing it back (docs/semantics.md §11): reading what OLM
 * installed for a package ({@link dev.bundlectl.executor.adopt.OlmInstallReader}), the refusals
 * ({@link dev.bundlectl.executor.adopt.AdoptionChecks}), the comparison of a bundle with what runs
 * and the objects taken over or shared ({@link dev.bundlectl.executor.adopt.Adoption#compare}), the
 * removal of OLM's Subscription and InstallPlans ({@link dev.bundlectl.executor.adopt.Adoption#retire}),
 * the release ({@link dev.bundlectl.executor.adopt.PackageRelease}), and the operators OLM manages
 * ({@link dev.bundlectl.executor.adopt.OlmManagedOperators}). The install between the comparison and
 * the removal is the one install ordering's ({@code pipeline.InstallPipeline}); an adoption only
 * tells it whose OLM's objects are ({@link dev.bundlectl.executor.ownership.UnmarkedOwners}).
 */
package dev.bundlectl.executor.adopt;
