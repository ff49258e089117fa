package dev.bundlectl.plan.payload;

import java.util.List;
import java.util.Objects;

/**
 * One level of the run graph: its chains run in parallel, and it finishes before the next level starts.
 *
 * @param installLevel the install level (0 or 1; always 0 outside a first install)
 * @param level the run level, a string
 * @param chains the component chains, sorted by component
 */
public record RunLevel(int installLevel, String level, List<ComponentChain> chains) {

    public RunLevel {
        Objects.requireNonNull(level, "level");
        chains = List.copyOf(chains);
    }

    /** E.g. {@code run level 50} or {@code install level 1, run level 50}. */
    public String label() {
        return (installLevel == 0 ? "" : "install level " + installLevel + ", ") + "run level " + level;
    }
}
