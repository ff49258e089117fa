package dev.bundlectl.executor.ownership;

import java.util.Objects;
import java.util.Set;

/**
 * What one write does to the owner lists of one object (docs/semantics.md §8): an install joins its
 * package's list with the digest of the content it applied (its apply never carries the list), and
 * an uninstall leaves it. Either also drops owners that no longer own the object (gone installs,
 * installs taken over from) from their packages' lists. {@link OwnerMarks#change} turns it into a
 * JSON patch on the version just read; {@link OwnerListWriter} sends it.
 *
 * @param owner the install that joins or leaves its package's list
 * @param digest the digest of the content it applied when it joins; null when it leaves
 * @param alsoListed namespaces of installs of the same package that join the list with it: those
 *     of the release before that still stand, whose per-install marks its apply dropped (their
 *     migration)
 * @param dropped installs that leave their packages' lists (and lose any per-install mark)
 */
public record OwnerListing(InstallOwner owner, String digest, Set<String> alsoListed, Set<InstallOwner> dropped) {

    public OwnerListing {
        Objects.requireNonNull(owner, "owner");
        alsoListed = Set.copyOf(alsoListed);
        dropped = Set.copyOf(dropped);
    }

    /** {@code owner} joins its package's list, having applied content of {@code digest}. */
    public static OwnerListing joining(InstallOwner owner, String digest, Set<String> alsoListed,
            Set<InstallOwner> dropped) {
        return new OwnerListing(owner, Objects.requireNonNull(digest, "digest"), alsoListed, dropped);
    }

    /** {@code owner} leaves its package's list (and loses any per-install mark); so do {@code dropped}. */
    public static OwnerListing leaving(InstallOwner owner, Set<InstallOwner> dropped) {
        return new OwnerListing(owner, null, Set.of(), dropped);
    }

    /** Whether the owner joins (else it leaves). */
    public boolean joins() {
        return digest != null;
    }

    /**
     * Whether the write changes more than the owner's own entry: other installs join or leave. An
     * install whose apply was left out (nothing changed since its last run, which listed it) writes
     * the list only then.
     */
    public boolean changesOthers() {
        return !alsoListed.isEmpty() || !dropped.isEmpty();
    }
}
