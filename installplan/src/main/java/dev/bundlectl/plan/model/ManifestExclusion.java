package dev.bundlectl.plan.model;

import dev.bundlectl.bundle.Manifest;
import java.util.Optional;

/**
 * A rule that decides, before anything is sent to a cluster, that a manifest must not be applied.
 * The planner turns an excluded manifest into a step with status {@code NotCreated} and the
 * returned reason as its message, exactly as for an optional manifest whose API is missing.
 * The capability filter is one such rule.
 */
@FunctionalInterface
public interface ManifestExclusion {

    /** Why this manifest is excluded, e.g. {@code capability Console disabled}, or empty to keep it. */
    Optional<String> reason(Manifest manifest);
}
