package dev.bundlectl.plan.payload;

import java.util.Optional;

/**
 * The cluster-level inputs of the release-payload inclusion checks.
 *
 * @param excludeIdentifier the {@code <id>} of {@code exclude.release.openshift.io/<id>}, or null
 *     to exclude nothing this way (the CVO's {@code EXCLUDE_MANIFESTS})
 * @param featureSet the cluster's feature set; null or {@code ""} means {@code Default}
 * @param profile the cluster profile, or null to skip profile filtering (for tools that look at a
 *     whole payload); the CVO's default is {@link #DEFAULT_PROFILE}
 */
public record PayloadFilterSettings(String excludeIdentifier, String featureSet, String profile) {

    /** The cluster-version operator's default cluster profile. */
    public static final String DEFAULT_PROFILE = "self-managed-high-availability";

    public PayloadFilterSettings {
        featureSet = FeatureSets.annotationValue(featureSet);
        excludeIdentifier = excludeIdentifier == null || excludeIdentifier.isEmpty() ? null : excludeIdentifier;
        profile = profile == null || profile.isEmpty() ? null : profile;
    }

    /** What the CVO does when nothing is configured: no exclude identifier, {@code Default}, {@link #DEFAULT_PROFILE}. */
    public static PayloadFilterSettings defaults() {
        return new PayloadFilterSettings(null, null, DEFAULT_PROFILE);
    }

    /** A problem with the settings themselves, e.g. an unknown feature set, for the caller to report. */
    public Optional<String> problem() {
        if (!FeatureSets.KNOWN.contains(featureSet)) {
            return Optional.of("unknown feature set \"" + featureSet + "\"; known feature sets: "
                    + FeatureSets.knownList());
        }
        return Optional.empty();
    }
}
