package dev.bundlectl.executor.uninstall;

import dev.bundlectl.executor.customresources.CustomResourceSweep;
import java.time.Duration;
import java.util.Objects;

/**
 * How to uninstall.
 *
 * @param deleteCrds whether to delete the CustomResourceDefinitions the install created; false
 *     keeps them, and with them every custom resource of their kinds
 * @param customResourceTimeout with {@code deleteCrds}, how long the CRDs' custom resources may take
 *     to go (their operator processing their finalizers) before the uninstall stops, keeping the
 *     operator and the CRDs (docs/semantics.md §8, "Removing CRDs")
 */
public record UninstallOptions(boolean deleteCrds, Duration customResourceTimeout) {

    /** How long custom resources may take to go unless told otherwise. */
    public static final Duration DEFAULT_CUSTOM_RESOURCE_TIMEOUT = CustomResourceSweep.DEFAULT_TIMEOUT;

    public UninstallOptions {
        Objects.requireNonNull(customResourceTimeout, "customResourceTimeout");
    }

    /** CRDs deleted or kept, custom resources given the default time to go. */
    public UninstallOptions(boolean deleteCrds) {
        this(deleteCrds, DEFAULT_CUSTOM_RESOURCE_TIMEOUT);
    }

    /** Keep CRDs. */
    public static UninstallOptions defaults() {
        return new UninstallOptions(false);
    }
}
