package dev.bundlectl.executor.ownership;

import java.util.Objects;

/**
 * One owner's mark on an object: which install, and the digest of the content it applied.
 *
 * @param owner the install
 * @param digest the {@code sha256:} digest of what it applied, without any mark
 */
public record OwnerMark(InstallOwner owner, String digest) {

    public OwnerMark {
        Objects.requireNonNull(owner, "owner");
        Objects.requireNonNull(digest, "digest");
    }

    /** {@code cachebox-operator in namespace team-a}, for lists of owners. */
    public String describe() {
        return owner.packageName() + " in namespace " + owner.namespace();
    }
}
