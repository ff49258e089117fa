/**
 * Which install owns an object (docs/semantics.md §8): every install of a package applies as the
 * package's one field manager and is named in the package's owner list on each object it owns
 * ({@link dev.bundlectl.executor.ownership.InstallOwner}); the owners an object carries, lists and
 * the release before's per-install marks alike, are read in one place
 * ({@link dev.bundlectl.executor.ownership.ObjectOwners}) and written in one
 * ({@link dev.bundlectl.executor.ownership.OwnerMarks}, sent by
 * {@link dev.bundlectl.executor.ownership.OwnerListWriter}); and what an install, an upgrade or an
 * uninstall may do with an object given its owners
 * ({@link dev.bundlectl.executor.ownership.OwnershipDecision}): own it, share it, leave it to its
 * owner, or take it over when told to.
 */
package dev.bundlectl.executor.ownership;
