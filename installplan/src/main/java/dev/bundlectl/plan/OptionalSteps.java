package dev.bundlectl.plan;

import dev.bundlectl.bundle.Bundle;
import dev.bundlectl.bundle.Diagnostics;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.SourceLocation;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;

/**
 * Decides which of one plan's steps are optional: those the bundle lists in
 * {@code olm.manifests.optional}, then those an install-time rule ({@link OptionalApis}) names.
 * The kinds that are never optional (a CSV, a CRD, core kinds, see {@link StepKinds}) stay
 * required either way; a rule that names one gets a warning for that step, and a rule that names
 * nothing in the bundle gets a warning once planning is done. One instance per plan.
 */
final class OptionalSteps {

    private final Bundle bundle;
    private final OptionalApis apis;
    private final Set<OptionalApi> used = new LinkedHashSet<>();

    OptionalSteps(Bundle bundle, OptionalApis apis) {
        this.bundle = bundle;
        this.apis = apis;
    }

    /** Whether the step of this manifest (as it will be applied) is optional, and why. */
    Optionality of(Manifest manifest, Diagnostics.Collector warnings) {
        apis.rules().stream().filter(rule -> rule.matches(manifest)).forEach(used::add);
        boolean canBeOptional = StepKinds.canBeOptional(manifest);
        // The bundle's own list comes first: its steps say nothing of an origin, as before.
        if (canBeOptional && bundle.isListedOptional(manifest)) {
            return Optionality.LISTED_BY_BUNDLE;
        }
        Optional<OptionalApi> rule = apis.firstMatch(manifest);
        if (rule.isEmpty()) {
            return Optionality.REQUIRED;
        }
        if (!canBeOptional) {
            warnings.warning(manifest.source(), manifest.displayName(), null, rule.get().origin()
                    + " does not make a " + manifest.kind() + " optional (its API is always there where OLM runs); "
                    + "this step stays required");
            return Optionality.REQUIRED;
        }
        return new Optionality(true, rule.get().origin());
    }

    /** Warns about every rule that named no manifest of the bundle: it had no effect. */
    void warnUnused(Diagnostics.Collector warnings) {
        for (OptionalApi rule : apis.rules()) {
            if (!used.contains(rule)) {
                warnings.warning(SourceLocation.file(rule.origin()), null, null, "no object of the bundle is "
                        + (rule.kind() == null ? "of API group " + rule.group()
                                : "a " + rule.kind() + " of API group " + rule.group())
                        + "; the option has no effect");
            }
        }
    }
}
