package dev.bundlectl.executor.uninstall;

/**
 * How to uninstall.
 *
 * @param deleteCrds whether to delete the CustomResourceDefinitions the install created; false
 *     keeps them, and with them every custom resource of their kinds
 */
public record UninstallOptions(boolean deleteCrds) {

    /** Keep CRDs. */
    public static UninstallOptions defaults() {
        return new UninstallOptions(false);
    }
}
