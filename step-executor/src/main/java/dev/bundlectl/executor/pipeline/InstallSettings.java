package dev.bundlectl.executor.pipeline;

import dev.bundlectl.executor.apply.ApplySettings;
import dev.bundlectl.executor.lock.LockHolders;
import dev.bundlectl.executor.ownership.UnmarkedOwners;
import java.time.Clock;
import java.util.Objects;

/**
 * How {@link InstallPipeline#install} installs one planned bundle.
 *
 * @param namespace the install namespace: namespaced objects and the install record go here
 * @param packageName the package, which names the install records and the lock
 * @param bundleLabel the bundle as the user named it (its path, image or ConfigMap), for the record
 * @param createNamespace whether to create the namespace when it does not exist
 * @param takeOwnership whether objects another install owns are taken over instead of refused
 *     (docs/semantics.md §8)
 * @param lockHolder who holds the package's lock while the install runs ({@link LockHolders})
 * @param apply how the plan is applied (timeouts, concurrency, dry run, preflight); its removal
 *     gate is the pipeline's own, made from {@code running}
 * @param running whether and how long the install waits for the new version to run
 * @param clock the record's start time and the conditions' times
 * @param answerVerdictFirst whether a plan whose operator another namespace already serves, or
 *     whose verdict says it cannot succeed, is answered before anything is sent (the command line);
 *     the controller leaves both to the run, whose steps then end as the server answers them
 * @param unmarked whose an existing object is that no install owns: the user's
 *     ({@link UnmarkedOwners#USER}), but for an adoption (docs/semantics.md §11)
 */
public record InstallSettings(String namespace, String packageName, String bundleLabel, boolean createNamespace,
        boolean takeOwnership, String lockHolder, ApplySettings apply, RunningWait running, Clock clock,
        boolean answerVerdictFirst, UnmarkedOwners unmarked) {

    public InstallSettings {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(packageName, "packageName");
        Objects.requireNonNull(lockHolder, "lockHolder");
        Objects.requireNonNull(apply, "apply");
        Objects.requireNonNull(running, "running");
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(unmarked, "unmarked");
    }

    /** Settings of an install that finds the user's objects where no install owns one. */
    public InstallSettings(String namespace, String packageName, String bundleLabel, boolean createNamespace,
            boolean takeOwnership, String lockHolder, ApplySettings apply, RunningWait running, Clock clock,
            boolean answerVerdictFirst) {
        this(namespace, packageName, bundleLabel, createNamespace, takeOwnership, lockHolder, apply, running, clock,
                answerVerdictFirst, UnmarkedOwners.USER);
    }

    /** These settings for an adoption: existing objects no install owns are {@code owners}'. */
    public InstallSettings adopting(UnmarkedOwners owners) {
        return new InstallSettings(namespace, packageName, bundleLabel, createNamespace, takeOwnership, lockHolder,
                apply, running, clock, answerVerdictFirst, owners);
    }

    /** Whether this is {@code --dry-run=server}: nothing persists, no lock is taken, nothing is waited for. */
    public boolean dryRun() {
        return apply.dryRunServer();
    }
}
