package dev.bundlectl.executor.adopt;

import java.util.List;

/**
 * What an adoption removed of OLM's once the install was recorded ({@link Adoption#retire}).
 *
 * @param removed each object deleted, as {@code Subscription NS/NAME}
 * @param kept each InstallPlan left, with why (another Subscription still refers to it)
 */
public record Retired(List<String> removed, List<String> kept) {

    public Retired {
        removed = List.copyOf(removed);
        kept = List.copyOf(kept);
    }
}
