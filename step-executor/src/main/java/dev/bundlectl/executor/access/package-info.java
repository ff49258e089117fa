/**
 * What an operation needs the acting identity to be allowed, and asking the API server whether it
 * is (docs/semantics.md §7): the requests an install, an upgrade or an uninstall makes
 * ({@link dev.bundlectl.executor.access.OperationAccess}), SelfSubjectAccessReviews that ask the
 * server about each ({@link dev.bundlectl.executor.access.AccessReview}), and the report of what
 * is missing, all at once, before anything is written
 * ({@link dev.bundlectl.executor.access.MissingAccess}). bundlectl never evaluates RBAC itself:
 * the server answers every question.
 */
package dev.bundlectl.executor.access;
