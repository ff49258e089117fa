package dev.bundlectl.executor.install;

import dev.bundlectl.executor.apply.ApplySettings;
import dev.bundlectl.executor.lock.LockHolders;
import dev.bundlectl.executor.ownership.InstallOwner;
import dev.bundlectl.executor.ownership.UnmarkedOwners;
import java.time.Instant;
import java.util.Objects;

/**
 * What to install and how.
 *
 * @param namespace the install namespace: namespaced objects and the install record go here
 * @param createNamespace whether to create the namespace when it does not exist
 * @param packageName the package, which groups install records
 * @param bundlePath the bundle or payload directory as the user named it
 * @param options execution options; {@code firstInstall} is set by {@link InstallSession} from the
 *     previous install that planning read
 * @param startTime when the install started; it names the record
 * @param takeOwnership whether objects another install owns are taken over ({@code --take-ownership})
 *     instead of refused (docs/semantics.md §8)
 * @param lockHolder who holds the package's lock while the install runs, as its Lease says
 *     ({@link LockHolders})
 * @param unmarked whose an existing object is that no install owns: the user's, but for an adoption
 *     (docs/semantics.md §11)
 */
public record InstallRequest(String namespace, boolean createNamespace, String packageName, String bundlePath,
        ApplySettings options, Instant startTime, boolean takeOwnership, String lockHolder, UnmarkedOwners unmarked) {

    public InstallRequest {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(packageName, "packageName");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(startTime, "startTime");
        Objects.requireNonNull(lockHolder, "lockHolder");
        Objects.requireNonNull(unmarked, "unmarked");
    }

    /** A request that finds the user's objects where no install owns one. */
    public InstallRequest(String namespace, boolean createNamespace, String packageName, String bundlePath,
            ApplySettings options, Instant startTime, boolean takeOwnership, String lockHolder) {
        this(namespace, createNamespace, packageName, bundlePath, options, startTime, takeOwnership, lockHolder,
                UnmarkedOwners.USER);
    }

    /** A request of this process that takes over nothing another install owns. */
    public InstallRequest(String namespace, boolean createNamespace, String packageName, String bundlePath,
            ApplySettings options, Instant startTime) {
        this(namespace, createNamespace, packageName, bundlePath, options, startTime, false, LockHolders.thisProcess());
    }

    /** The install as an owner of what it writes: its package in its namespace. */
    public InstallOwner owner() {
        return new InstallOwner(namespace, packageName);
    }

    /** This request with other execution options. */
    public InstallRequest withOptions(ApplySettings newOptions) {
        return new InstallRequest(namespace, createNamespace, packageName, bundlePath, newOptions, startTime,
                takeOwnership, lockHolder, unmarked);
    }
}
