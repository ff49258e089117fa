package dev.bundlectl.executor.install;

/**
 * The install cannot start because of something the user can fix (a missing namespace, for
 * example). Nothing was written to the cluster.
 */
public final class InstallRejectedException extends RuntimeException {

    public InstallRejectedException(String message) {
        super(message);
    }
}
