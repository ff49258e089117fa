package dev.bundlectl.plan.payload;

import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.Collections;

/**
 * The feature sets a manifest may name in {@code release.openshift.io/feature-set}. The API's
 * empty feature set is spelled {@code Default} in the annotation, as in library-go.
 */
public final class FeatureSets {

    /** The annotation's name for the API's empty feature set. */
    public static final String DEFAULT = "Default";

    /** Every feature set library-go accepts in the annotation, sorted. */
    public static final SortedSet<String> KNOWN = Collections.unmodifiableSortedSet(new TreeSet<>(Set.of(
            DEFAULT, "TechPreviewNoUpgrade", "DevPreviewNoUpgrade", "CustomNoUpgrade", "OKD")));

    private FeatureSets() {
    }

    /** The annotation spelling of a requested feature set: null or {@code ""} is {@code Default}. */
    public static String annotationValue(String requested) {
        return requested == null || requested.isEmpty() ? DEFAULT : requested;
    }

    /** The known sets as a comma-separated list, for messages. */
    static String knownList() {
        return String.join(", ", List.copyOf(KNOWN));
    }
}
