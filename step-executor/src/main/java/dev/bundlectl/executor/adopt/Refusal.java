package dev.bundlectl.executor.adopt;

import java.util.Objects;

/**
 * Why OLM's install of a package cannot be adopted (docs/semantics.md §11), in one line that names
 * what stands in the way; nothing was written.
 *
 * @param reason what kind of refusal, for callers that tell them apart (the controller's reason)
 * @param message the line
 */
public record Refusal(Reason reason, String message) {

    public Refusal {
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(message, "message");
    }

    /** What stands in the way. */
    public enum Reason {
        /** OLM installed no CSV, or the one it installed does not run: its phase is not {@code Succeeded}. */
        NotSucceeded,
        /** OLM is upgrading the operator: another CSV is on its way in. */
        Upgrading,
        /** OLM installed it as another Subscription's dependency, and that Subscription still needs it. */
        Dependency,
        /** The Subscription configures the operator's Deployments, which only OLM can go on doing. */
        SubscriptionConfig,
        /** Two Subscriptions name the package in the namespace. */
        Ambiguous,
        /** The bundle given differs from what runs (without {@code --force}). */
        BundleDiffers,
        /** What OLM installed cannot be read whole (the CSVs or InstallPlans of other namespaces). */
        Unreadable
    }
}
