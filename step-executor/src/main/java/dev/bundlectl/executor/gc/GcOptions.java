package dev.bundlectl.executor.gc;

import dev.bundlectl.executor.customresources.CustomResourceSweep;
import java.time.Duration;
import java.util.Objects;

/**
 * What the collector does with what it finds.
 *
 * @param delete whether leftovers are deleted; false only lists them
 * @param deleteCrds whether leftover CRDs are deleted too, with every custom resource of them: those
 *     first, then the other leftovers, then the CRDs (docs/semantics.md §8, "Removing CRDs")
 * @param customResourceTimeout how long the CRDs' custom resources may take to go before the CRDs
 *     are kept, naming those left
 */
public record GcOptions(boolean delete, boolean deleteCrds, Duration customResourceTimeout) {

    public GcOptions {
        Objects.requireNonNull(customResourceTimeout, "customResourceTimeout");
    }

    /** Custom resources given the default time to go. */
    public GcOptions(boolean delete, boolean deleteCrds) {
        this(delete, deleteCrds, CustomResourceSweep.DEFAULT_TIMEOUT);
    }
}
