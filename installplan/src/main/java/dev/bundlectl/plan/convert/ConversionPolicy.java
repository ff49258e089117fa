package dev.bundlectl.plan.convert;

import dev.bundlectl.plan.api.ApiSurface;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/** Which objects of removed API versions a plan converts. */
public sealed interface ConversionPolicy permits ConversionPolicy.WhenNotServed, ConversionPolicy.Exactly {

    /** The default: convert when the target serves the replacement and not the removed version. */
    ConversionPolicy WHEN_NOT_SERVED = new WhenNotServed();

    /** Convert nothing ({@code --no-convert}). */
    ConversionPolicy NEVER = new Exactly(Set.of());

    /**
     * Whether an object of this kind at this removed version is converted.
     *
     * @param removed the removed version the object is at
     * @param kind the object's kind
     * @param surface what the target serves
     */
    boolean converts(RemovedApiVersion removed, String kind, ApiSurface surface);

    /** Whether this policy converts whatever the surface says; false for {@link #WHEN_NOT_SERVED}. */
    default boolean fixed() {
        return this instanceof Exactly;
    }

    /**
     * Converts exactly the objects of these removed versions, whatever the surface says: how a
     * reviewed plan is planned again, with the conversions it recorded.
     *
     * @param removedApiVersions removed {@code group/version}s, e.g. {@code apiextensions.k8s.io/v1beta1}
     */
    static ConversionPolicy exactly(Set<String> removedApiVersions) {
        return new Exactly(removedApiVersions);
    }

    /** See {@link #WHEN_NOT_SERVED}. A version whose discovery failed may be served: it is not converted. */
    record WhenNotServed() implements ConversionPolicy {
        @Override
        public boolean converts(RemovedApiVersion removed, String kind, ApiSurface surface) {
            return surface.find(removed.group(), removed.removedVersion(), kind).isEmpty()
                    && surface.discoveryFailure(removed.group(), removed.removedVersion()).isEmpty()
                    && surface.find(removed.group(), removed.replacementVersion(), kind).isPresent();
        }
    }

    /**
     * See {@link #exactly}.
     *
     * @param removedApiVersions the removed {@code group/version}s to convert, sorted
     */
    record Exactly(SortedSet<String> removedApiVersions) implements ConversionPolicy {
        public Exactly(Set<String> removedApiVersions) {
            this(new TreeSet<>(removedApiVersions));
        }

        public Exactly {
            removedApiVersions = new TreeSet<>(removedApiVersions);
        }

        @Override
        public boolean converts(RemovedApiVersion removed, String kind, ApiSurface surface) {
            return removedApiVersions.contains(removed.removedApiVersion());
        }
    }
}
