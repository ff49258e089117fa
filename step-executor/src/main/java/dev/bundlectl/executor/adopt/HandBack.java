package dev.bundlectl.executor.adopt;

import java.util.Objects;

/**
 * The Subscription a release hands an install back to OLM with ({@code release --to-olm}): OLM's
 * resolver then finds the installed CSV already there, its {@code spec.startingCSV}, and reinstalls
 * nothing.
 *
 * @param subscriptionName the Subscription's name (the package's, unless told otherwise)
 * @param channel {@code spec.channel}, or null for the package's default channel
 * @param catalogSource {@code spec.source}: the CatalogSource OLM resolves the package from
 * @param catalogSourceNamespace {@code spec.sourceNamespace}
 */
public record HandBack(String subscriptionName, String channel, String catalogSource, String catalogSourceNamespace) {

    public HandBack {
        Objects.requireNonNull(subscriptionName, "subscriptionName");
        Objects.requireNonNull(catalogSource, "catalogSource");
        Objects.requireNonNull(catalogSourceNamespace, "catalogSourceNamespace");
    }
}
