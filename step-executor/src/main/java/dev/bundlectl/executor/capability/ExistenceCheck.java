package dev.bundlectl.executor.capability;

import dev.bundlectl.bundle.Manifest;
import java.util.Collection;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * Which of the checked manifests' objects exist on the cluster.
 *
 * @param existing the manifests whose objects exist (compared by identity)
 * @param warnings one line per object that could not be checked; such an object counts as absent
 */
public record ExistenceCheck(Set<Manifest> existing, List<String> warnings) {

    public ExistenceCheck {
        Set<Manifest> copy = Collections.newSetFromMap(new IdentityHashMap<>());
        copy.addAll(existing);
        existing = Collections.unmodifiableSet(copy);
        warnings = List.copyOf(warnings);
    }

    /** A result for these manifests and warnings. */
    static ExistenceCheck of(Collection<Manifest> existing, List<String> warnings) {
        Set<Manifest> set = Collections.newSetFromMap(new IdentityHashMap<>());
        set.addAll(existing);
        return new ExistenceCheck(set, warnings);
    }

    /** Whether this very manifest's object exists. */
    public boolean exists(Manifest manifest) {
        return existing.contains(manifest);
    }
}
