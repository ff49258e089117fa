package dev.bundlectl.executor.gc;

import java.util.List;

/**
 * What one run of the collector found and did.
 *
 * @param outcomes one per leftover, in the order found (CRDs last)
 * @param unreadable one line per thing it could not read (a kind it may not list, an owner namespace
 *     or its records), each naming it: what they hold was not judged
 * @param deleting whether it was asked to delete
 * @param customResources with CRDs to delete, one line per custom resource deleted before anything
 *     else, and last how that ended; empty otherwise
 */
public record GcReport(List<GcOutcome> outcomes, List<String> unreadable, boolean deleting,
        List<String> customResources) {

    public GcReport {
        outcomes = List.copyOf(outcomes);
        unreadable = List.copyOf(unreadable);
        customResources = List.copyOf(customResources);
    }

    /** A report of a run that deleted no custom resources. */
    public GcReport(List<GcOutcome> outcomes, List<String> unreadable, boolean deleting) {
        this(outcomes, unreadable, deleting, List.of());
    }

    /** How many outcomes are of {@code kind}. */
    public long count(Class<? extends GcOutcome> kind) {
        return outcomes.stream().filter(kind::isInstance).count();
    }

    /** Whether everything could be read and every deletion asked for was made. */
    public boolean succeeded() {
        return unreadable.isEmpty() && count(GcOutcome.Failed.class) == 0;
    }
}
