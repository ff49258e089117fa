package dev.bundlectl.plan.payload;

import dev.bundlectl.bundle.Manifest;

/**
 * The cluster-version operator's per-manifest annotations (docs/semantics.md §5) and how to read them.
 * They apply to any manifest, bundle or payload. Run {@link ReleaseAnnotationValidator} first:
 * the accessors assume valid values.
 */
public final class ReleaseAnnotations {

    /** {@code "true"} (any case): create the object if it is missing, never update it. */
    public static final String CREATE_ONLY = "release.openshift.io/create-only";
    /** {@code "true"}: delete the object instead of applying it. */
    public static final String DELETE = "release.openshift.io/delete";
    /** {@code 0} (default) or {@code 1}: the install level, honoured only during a first install. */
    public static final String INSTALL_LEVEL = "release.openshift.io/install-level";
    /** Comma-separated feature sets the manifest belongs to. */
    public static final String FEATURE_SET = "release.openshift.io/feature-set";
    /** Prefix of {@code include.release.openshift.io/<profile>}. */
    public static final String PROFILE_PREFIX = "include.release.openshift.io/";
    /** Prefix of {@code exclude.release.openshift.io/<identifier>}. */
    public static final String EXCLUDE_PREFIX = "exclude.release.openshift.io/";

    private ReleaseAnnotations() {
    }

    /** The diagnostic field path of an annotation. */
    public static String field(String key) {
        return "metadata.annotations[" + key + "]";
    }

    /** Whether {@code release.openshift.io/create-only} is {@code "true"}, ignoring case, as the CVO compares it. */
    public static boolean isCreateOnly(Manifest manifest) {
        return createOnlyValue(manifest.annotation(CREATE_ONLY));
    }

    /** Whether a {@code release.openshift.io/create-only} value (null when absent) asks for create-only. */
    public static boolean createOnlyValue(String value) {
        return "true".equalsIgnoreCase(value);
    }

    /**
     * Whether {@code release.openshift.io/delete} asks for deletion. Only the exact value
     * {@code "true"} does; any other value is invalid and fails validation.
     */
    public static boolean isDelete(Manifest manifest) {
        return deleteValue(manifest.annotation(DELETE));
    }

    /** Whether a {@code release.openshift.io/delete} value (null when absent) asks for deletion. */
    public static boolean deleteValue(String value) {
        return "true".equals(value);
    }

    /**
     * The install level: 0 when the annotation is absent, else its value.
     *
     * @throws IllegalArgumentException for a value other than {@code 0} or {@code 1}; validation
     *     reports those to the user before this is called
     */
    public static int installLevel(Manifest manifest) {
        String value = manifest.annotation(INSTALL_LEVEL);
        if (value == null || "0".equals(value)) {
            return 0;
        }
        if ("1".equals(value)) {
            return 1;
        }
        throw new IllegalArgumentException(manifest.displayName() + ": invalid " + INSTALL_LEVEL + " \"" + value
                + "\" (validate manifests with ReleaseAnnotationValidator first)");
    }
}
