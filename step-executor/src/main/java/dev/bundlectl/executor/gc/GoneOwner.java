package dev.bundlectl.executor.gc;

import java.util.Objects;

/**
 * An owner a leftover names, and why it is gone.
 *
 * @param owner the owner
 * @param why {@code namespace a no longer exists}, or that it holds no record of the package
 */
public record GoneOwner(NamedOwner owner, String why) {

    public GoneOwner {
        Objects.requireNonNull(owner, "owner");
        Objects.requireNonNull(why, "why");
    }

    /** {@code cachebox-operator in namespace a (namespace a no longer exists)}. */
    public String describe() {
        return owner.describe() + " (" + why + ")";
    }
}
