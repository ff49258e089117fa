/**
 * Semantic versions and semver ranges as bundles and catalogs write them: a CSV's
 * {@code spec.version}, and the {@code olm.skipRange} annotation in the syntax OLM reads (that of
 * blang/semver). Here, below every stage, so that upgrade planning and catalog reading share one
 * reading of them.
 */
package dev.bundlectl.bundle.version;
