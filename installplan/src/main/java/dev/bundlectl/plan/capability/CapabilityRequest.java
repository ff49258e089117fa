package dev.bundlectl.plan.capability;

import java.util.List;
import java.util.Optional;
import java.util.SortedSet;

/**
 * A capability configuration as the user wrote it, in one of the accepted forms. The
 * {@link CapabilityConfigFactory} validates it and turns it into the one {@link CapabilityConfig}
 * model. Field names are relative to where the form sits in its document, e.g. {@code include[1]}.
 */
public sealed interface CapabilityRequest
        permits InstallConfigCapabilities, ClusterVersionCapabilities, HyperShiftCapabilities, CapabilityFlags {

    /** The form this request is written in. */
    ConfigForm form();

    /** Every capability name the request lists, each with the field that lists it. */
    List<NamedCapability> namedCapabilities();

    /** Errors that only make sense for this form, such as a name in two contradicting lists. */
    List<Problem> formProblems();

    /**
     * The enabled capabilities. Only called when {@link #formProblems()} is empty. Names that are
     * not in {@code known} are left out: no manifest can carry them.
     */
    SortedSet<String> enabled(SortedSet<String> known);

    /** The field that explicitly lists the capability, if any. */
    default Optional<String> fieldListing(String capability) {
        return namedCapabilities().stream().filter(n -> n.name().equals(capability)).map(NamedCapability::field)
                .findFirst();
    }

    /** The field that decides capabilities not listed anywhere, e.g. {@code baselineCapabilitySet}. */
    String defaultField();

    /** The same request in ClusterVersion's {@code spec.capabilities} shape. */
    CapabilityOrigin origin(String source, SortedSet<String> enabled);

    /**
     * A capability name as listed in a request.
     *
     * @param field the field that lists it, e.g. {@code exclude[0]}
     * @param name the name exactly as written
     */
    record NamedCapability(String field, String name) {
    }

    /**
     * A validation error found in a request.
     *
     * @param field the offending field, relative to the form
     * @param message what is wrong
     */
    record Problem(String field, String message) {
    }
}
