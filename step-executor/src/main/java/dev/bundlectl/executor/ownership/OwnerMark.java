package dev.bundlectl.executor.ownership;

import java.util.Objects;

/**
 * One owner an object names: which install, the digest of the content it applied, and how the
 * object says so: in its package's owner list ({@code owners.bundlectl.dev/<package>}), or in a mark
 * of its own, as installs of the release before wrote them ({@code <namespace>.owners.bundlectl.dev/<package>},
 * docs/semantics.md §8, "Installs made before one manager per package").
 *
 * @param owner the install
 * @param digest the {@code sha256:} digest of what it applied, without any owner's annotation
 * @param listed whether its package's owner list names it (else: its own per-install mark)
 */
public record OwnerMark(InstallOwner owner, String digest, boolean listed) {

    public OwnerMark {
        Objects.requireNonNull(owner, "owner");
        Objects.requireNonNull(digest, "digest");
    }

    /** An owner its package's owner list names, with the list's digest. */
    public static OwnerMark inList(InstallOwner owner, String digest) {
        return new OwnerMark(owner, digest, true);
    }

    /** An owner named by a per-install mark, as the release before wrote them. */
    public static OwnerMark ofEarlierMark(InstallOwner owner, String digest) {
        return new OwnerMark(owner, digest, false);
    }

    /**
     * The field manager that holds this owner's fields: its package's ({@code bundlectl/<package>})
     * when listed, else its own ({@code bundlectl/<namespace>/<package>}).
     */
    public String fieldManager() {
        return listed ? owner.fieldManager() : owner.earlierFieldManager();
    }

    /** Whether the owner is an install of {@code packageName}. */
    public boolean ofPackage(String packageName) {
        return owner.packageName().equals(packageName);
    }

    /** {@code cachebox-operator in namespace team-a}, for lists of owners. */
    public String describe() {
        return owner.packageName() + " in namespace " + owner.namespace();
    }
}
