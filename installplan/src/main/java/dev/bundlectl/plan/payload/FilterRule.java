package dev.bundlectl.plan.payload;

/** The release-payload inclusion checks, in library-go's order. */
public enum FilterRule {
    /** {@code exclude.release.openshift.io/<id>: "true"}. */
    EXCLUDE_IDENTIFIER,
    /** {@code release.openshift.io/feature-set} does not list the cluster's feature set. */
    FEATURE_SET,
    /** {@code include.release.openshift.io/<profile>} is missing. */
    PROFILE,
    /** A capability of the manifest is disabled. Unlike the others, this keeps the manifest in the plan as NotCreated. */
    CAPABILITY
}
