package dev.bundlectl.plan.capability;

import dev.bundlectl.bundle.Diagnostics;
import dev.bundlectl.bundle.Manifest;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;

/**
 * Validates a {@link CapabilityRequest} in any form and turns it into a {@link CapabilityConfig}.
 *
 * <p>Checks, each reported against the field that caused it: the form's own rules (a name in two
 * contradicting lists, HyperShift's Ingress/Console rule, an unknown baseline set) are errors;
 * a name that is neither an OpenShift capability nor used by any manifest being planned is a
 * warning (docs/semantics.md §4: a user may name a capability ahead of an upgrade);
 * an enabled capability whose dependency is disabled is an error.
 */
public final class CapabilityConfigFactory {

    private final SortedSet<String> known;

    /**
     * A factory for one planning run.
     *
     * @param extraKnown capability names used by the manifests being planned; they count as known
     *     (see {@link CapabilityAnnotation#namesIn})
     */
    public CapabilityConfigFactory(Collection<String> extraKnown) {
        this.known = CapabilityConfig.knownWith(extraKnown);
    }

    /**
     * The factory for planning {@code manifests}: the capability names they carry count as known,
     * so the CLI's flags and file and a BundleInstall's {@code spec.capabilities} judge names alike.
     */
    public static CapabilityConfigFactory forManifests(Collection<Manifest> manifests) {
        return new CapabilityConfigFactory(CapabilityAnnotation.namesIn(manifests));
    }

    /** Every known capability: OpenShift's plus the extra names. */
    public SortedSet<String> known() {
        return known;
    }

    /** The configuration when nothing is configured: {@code vCurrent}. */
    public CapabilityConfig defaults() {
        return CapabilityConfig.defaults(known);
    }

    /**
     * The configuration given by command-line flags; {@link #defaults()} when no flag is given.
     *
     * @param baselineCapabilitySet {@code --baseline-capability-set}, or null for {@code vCurrent}
     * @param enable every {@code --enable-capability} value
     * @param disable every {@code --disable-capability} value, removed from the baseline
     */
    public CapabilityConfigResult fromFlags(String baselineCapabilitySet, List<String> enable, List<String> disable) {
        CapabilityFlags flags = new CapabilityFlags(baselineCapabilitySet, enable, disable);
        if (flags.isEmpty()) {
            return new CapabilityConfigResult(Optional.of(defaults()), Diagnostics.NONE);
        }
        return build(flags, ConfigSource.commandLine());
    }

    /** Validates the request and builds the configuration. */
    public CapabilityConfigResult build(CapabilityRequest request, ConfigSource source) {
        Diagnostics.Collector found = new Diagnostics.Collector();
        for (CapabilityRequest.Problem problem : request.formProblems()) {
            found.error(source.location(), source.object(), source.field(problem.field()), problem.message());
        }
        for (CapabilityRequest.NamedCapability named : request.namedCapabilities()) {
            if (!known.contains(named.name())) {
                found.warning(source.location(), source.object(), source.field(named.field()),
                        "unknown capability \"" + named.name()
                                + "\": it is not an OpenShift capability and no manifest names it");
            }
        }
        if (found.hasErrors()) {
            return CapabilityConfigResult.failed(found.toDiagnostics());
        }
        SortedSet<String> enabled = request.enabled(known);
        for (CapabilityDependency dependency : CapabilityDependency.ALL) {
            if (enabled.contains(dependency.dependent()) && !enabled.contains(dependency.dependency())) {
                String field = request.fieldListing(dependency.dependent())
                        .or(() -> request.fieldListing(dependency.dependency()))
                        .orElse(request.defaultField());
                found.error(source.location(), source.object(), source.field(field), dependency.message());
            }
        }
        if (found.hasErrors()) {
            return CapabilityConfigResult.failed(found.toDiagnostics());
        }
        CapabilityConfig config = new CapabilityConfig(enabled, known, CapabilitySets.sorted(List.of()),
                request.origin(source.location().file(), enabled));
        return new CapabilityConfigResult(Optional.of(config), found.toDiagnostics());
    }
}
