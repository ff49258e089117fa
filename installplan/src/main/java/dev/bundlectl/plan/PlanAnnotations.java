package dev.bundlectl.plan;

/**
 * The annotations bundlectl puts on a plan's metadata, so that a reviewed plan can later be
 * checked against the bundle and the surface it was made from.
 */
public final class PlanAnnotations {

    /** The bundle path as the user gave it. */
    public static final String BUNDLE_PATH = "bundlectl.dev/bundle-path";
    /** {@link BundleDigest} of the steps' manifests, before any redaction. */
    public static final String BUNDLE_DIGEST = "bundlectl.dev/bundle-digest";
    /** The bundle's package name. */
    public static final String PACKAGE = "bundlectl.dev/package";
    /** The description of the API surface the plan was made against. */
    public static final String API_SURFACE = "bundlectl.dev/api-surface";
    /**
     * How the CSV was planned, {@code olm} or {@code render} ({@link CsvMode}); present when the
     * request named a CSV mode.
     */
    public static final String CSV_MODE = "bundlectl.dev/csv-mode";
    /**
     * The removed API versions whose objects the plan converted, comma-separated and sorted (e.g.
     * {@code apiextensions.k8s.io/v1beta1}); absent when nothing was converted.
     */
    public static final String CONVERTED_FROM = "bundlectl.dev/converted-from";
    /**
     * {@code namespace/name} of the install record that holds this plan's install; only on the plan
     * that {@code install -o json|yaml} prints, so that a script can pass the name to
     * {@code uninstall} or {@code status}.
     */
    public static final String INSTALL_RECORD = "bundlectl.dev/install-record";

    /**
     * {@code "true"} when the plan was made with {@code --ignore-dependencies}: its unmet
     * dependencies are reported, not failed.
     */
    public static final String IGNORE_DEPENDENCIES = "bundlectl.dev/ignore-dependencies";

    /**
     * The image a plan's bundle came from and the digest it resolved to, as compact JSON
     * {@code {"reference": ..., "digest": ...}}; absent for a directory. Installing a reviewed plan, and
     * a rollback to the version it installed, pull exactly that digest again.
     */
    public static final String BUNDLE_SOURCE = "bundlectl.dev/bundle-source";

    /**
     * The version (or, without one, the CSV) installed when this plan was made, on a plan that goes
     * to a lower version: a rollback (docs/semantics.md §9). The install record's version history
     * keeps it.
     */
    public static final String ROLLBACK_FROM = "bundlectl.dev/rollback-from";

    private PlanAnnotations() {
    }
}
