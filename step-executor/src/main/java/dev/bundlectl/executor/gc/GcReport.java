package dev.bundlectl.executor.gc;

import java.util.List;

/**
 * What one run of the collector found and did.
 *
 * @param outcomes one per leftover, in the order found (CRDs last)
 * @param unreadable one line per thing it could not read (a kind it may not list, an owner namespace
 *     or its records), each naming it: what they hold was not judged
 * @param deleting whether it was asked to delete
 */
public record GcReport(List<GcOutcome> outcomes, List<String> unreadable, boolean deleting) {

    public GcReport {
        outcomes = List.copyOf(outcomes);
        unreadable = List.copyOf(unreadable);
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
