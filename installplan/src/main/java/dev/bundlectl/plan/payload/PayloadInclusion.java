package dev.bundlectl.plan.payload;

import dev.bundlectl.bundle.Diagnostic;
import dev.bundlectl.bundle.Diagnostics;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.plan.capability.CapabilityConfig;
import dev.bundlectl.plan.capability.CapabilityFilter;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The release-payload inclusion checks, in library-go's order ({@code Manifest.Include}); the
 * first check that fails decides:
 * <ol>
 *   <li>{@code exclude.release.openshift.io/<id>: "true"} rules the manifest out;</li>
 *   <li>{@code release.openshift.io/feature-set: A,B} (split on commas, not trimmed) rules it out
 *       unless it lists the cluster's feature set; a manifest without the annotation belongs to every
 *       feature set; an unknown name is an error (library-go never includes such a manifest);</li>
 *   <li>{@code include.release.openshift.io/<profile>} must be {@code "true"}: missing rules the
 *       manifest out, any other value is an error;</li>
 *   <li>capabilities: a disabled one keeps the manifest in the plan, as {@code NotCreated}.</li>
 * </ol>
 * Differences from library-go, on purpose: a manifest with no annotations at all is not rejected
 * for that alone (with a profile set it is ruled out by the profile check anyway), and feature-gate
 * and major-version annotations are not evaluated.
 */
public final class PayloadInclusion {

    private final PayloadFilterSettings settings;
    private final CapabilityConfig capabilities;
    private final CapabilityFilter capabilityFilter;

    /**
     * The checks for one cluster configuration.
     *
     * @param settings exclude identifier, feature set and profile
     * @param capabilities the capabilities in effect, implicit enablement already applied
     */
    public PayloadInclusion(PayloadFilterSettings settings, CapabilityConfig capabilities) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.capabilities = Objects.requireNonNull(capabilities, "capabilities");
        this.capabilityFilter = new CapabilityFilter(capabilities);
    }

    /** The decision for one manifest. */
    public InclusionDecision decide(Manifest manifest) {
        if (settings.excludeIdentifier() != null) {
            String key = ReleaseAnnotations.EXCLUDE_PREFIX + settings.excludeIdentifier();
            if ("true".equals(manifest.annotation(key))) {
                return new InclusionDecision.FilteredOut(FilterRule.EXCLUDE_IDENTIFIER, key + ": \"true\"");
            }
        }
        Optional<InclusionDecision> featureSet = checkFeatureSet(manifest);
        if (featureSet.isPresent()) {
            return featureSet.get();
        }
        Optional<InclusionDecision> profile = checkProfile(manifest);
        if (profile.isPresent()) {
            return profile.get();
        }
        Optional<String> capabilityReason = capabilityFilter.reason(manifest);
        if (capabilityReason.isPresent()) {
            return new InclusionDecision.CapabilityExcluded(capabilities.disabledCapabilitiesOf(manifest),
                    capabilityReason.get());
        }
        return new InclusionDecision.Included();
    }

    /** The decisions for a whole payload, split the way the plan and {@code --show-excluded} need them. */
    public PayloadSelection select(List<Manifest> manifests) {
        List<Manifest> planned = new ArrayList<>();
        List<ExcludedManifest> capabilityExcluded = new ArrayList<>();
        List<ExcludedManifest> filteredOut = new ArrayList<>();
        Diagnostics.Collector found = new Diagnostics.Collector();
        for (Manifest manifest : manifests) {
            InclusionDecision decision = decide(manifest);
            if (decision instanceof InclusionDecision.Included) {
                planned.add(manifest);
            } else if (decision instanceof InclusionDecision.CapabilityExcluded) {
                planned.add(manifest);
                capabilityExcluded.add(new ExcludedManifest(manifest, FilterRule.CAPABILITY,
                        ((InclusionDecision.CapabilityExcluded) decision).reason()));
            } else if (decision instanceof InclusionDecision.FilteredOut) {
                InclusionDecision.FilteredOut out = (InclusionDecision.FilteredOut) decision;
                filteredOut.add(new ExcludedManifest(manifest, out.rule(), out.reason()));
            } else {
                found.add(((InclusionDecision.Invalid) decision).diagnostic());
            }
        }
        return new PayloadSelection(planned, capabilityExcluded, filteredOut, found.toDiagnostics());
    }

    private Optional<InclusionDecision> checkFeatureSet(Manifest manifest) {
        String value = manifest.annotation(ReleaseAnnotations.FEATURE_SET);
        if (value == null) {
            return Optional.empty();
        }
        List<String> sets = List.of(value.split(",", -1));
        for (String set : sets) {
            if (!FeatureSets.KNOWN.contains(set)) {
                return Optional.of(invalid(manifest, ReleaseAnnotations.FEATURE_SET, "unrecognized value \"" + set
                        + "\" in " + ReleaseAnnotations.FEATURE_SET + " \"" + value + "\"; known values are: "
                        + FeatureSets.knownList()));
            }
        }
        if (!sets.contains(settings.featureSet())) {
            return Optional.of(new InclusionDecision.FilteredOut(FilterRule.FEATURE_SET, "feature set "
                    + settings.featureSet() + " is not in " + ReleaseAnnotations.FEATURE_SET + " \"" + value + "\""));
        }
        return Optional.empty();
    }

    private Optional<InclusionDecision> checkProfile(Manifest manifest) {
        if (settings.profile() == null) {
            return Optional.empty();
        }
        String key = ReleaseAnnotations.PROFILE_PREFIX + settings.profile();
        String value = manifest.annotation(key);
        if (value == null) {
            return Optional.of(new InclusionDecision.FilteredOut(FilterRule.PROFILE, key + " is unset"));
        }
        if (!"true".equals(value)) {
            return Optional.of(invalid(manifest, key,
                    "unrecognized value \"" + value + "\" for " + key + "; only \"true\" is allowed"));
        }
        return Optional.empty();
    }

    private static InclusionDecision invalid(Manifest manifest, String annotation, String message) {
        return new InclusionDecision.Invalid(Diagnostic.error(manifest.source(), manifest.displayName(),
                ReleaseAnnotations.field(annotation), message));
    }
}
