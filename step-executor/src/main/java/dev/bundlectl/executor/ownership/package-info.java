/**
 * Which install owns an object (docs/semantics.md §8): the owner marks an install writes on what it
 * owns ({@link dev.bundlectl.executor.ownership.InstallOwner}, {@link dev.bundlectl.executor.ownership.OwnerMarks}),
 * the owners an object carries ({@link dev.bundlectl.executor.ownership.ObjectOwners}), and what an
 * install, an upgrade or an uninstall may do with an object given its owners
 * ({@link dev.bundlectl.executor.ownership.OwnershipDecision}): own it, share it, leave it to its
 * owner, or take it over when told to.
 */
package dev.bundlectl.executor.ownership;
