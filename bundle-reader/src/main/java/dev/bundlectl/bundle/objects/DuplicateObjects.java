package dev.bundlectl.bundle.objects;

import dev.bundlectl.bundle.Diagnostics;
import dev.bundlectl.bundle.Manifest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Finds objects that appear more than once (same apiVersion, kind, namespace and name). An
 * identical copy is reported as a warning and dropped. What happens to copies that differ depends
 * on where they come from: see {@link Policy}.
 */
public final class DuplicateObjects {

    /** What to do with two objects of the same identity whose bodies differ. */
    public enum Policy {
        /** A bundle: ambiguous, since one would silently overwrite the other. Report an error. */
        REJECT_DIFFERING,
        /**
         * A release payload: keep both. Payloads ship variants of one object for different
         * feature sets and profiles, and the inclusion rules pick one.
         */
        KEEP_DIFFERING
    }

    private final Policy policy;

    public DuplicateObjects(Policy policy) {
        this.policy = policy;
    }

    /** The manifests in their order, identical repeats left out. */
    public List<Manifest> distinct(List<Manifest> manifests, Diagnostics.Collector diagnostics) {
        Map<ObjectIdentity, List<Manifest>> seen = new HashMap<>();
        List<Manifest> kept = new ArrayList<>(manifests.size());
        for (Manifest manifest : manifests) {
            List<Manifest> sameIdentity = seen.computeIfAbsent(ObjectIdentity.of(manifest), id -> new ArrayList<>(1));
            Manifest identical = null;
            for (Manifest earlier : sameIdentity) {
                if (earlier.body().equals(manifest.body())) {
                    identical = earlier;
                    break;
                }
            }
            if (identical != null) {
                diagnostics.warning(manifest.source(), manifest.displayName(), null,
                        "the same object, identical, is also in " + identical.source() + "; it is kept once");
                continue;
            }
            if (!sameIdentity.isEmpty() && policy == Policy.REJECT_DIFFERING) {
                diagnostics.error(manifest.source(), manifest.displayName(), null,
                        "another object with the same apiVersion, kind, namespace and name but different content is in "
                                + sameIdentity.get(0).source() + "; remove one of them");
            }
            sameIdentity.add(manifest);
            kept.add(manifest);
        }
        return kept;
    }
}
