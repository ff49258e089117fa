package dev.bundlectl.cli;

import java.util.Objects;

/**
 * One bundle of a batch as the printers get it: its summary, and how long planning it took.
 *
 * @param summary what the batch keeps of the bundle
 * @param millis wall-clock milliseconds from the start of reading the bundle to its summary, on the
 *     thread that planned it (so it does not include the time the summary waited for its turn in
 *     the output)
 */
record BatchResult(BundleSummary summary, long millis) {

    BatchResult {
        Objects.requireNonNull(summary, "summary");
    }
}
