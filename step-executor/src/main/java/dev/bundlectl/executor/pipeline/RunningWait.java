package dev.bundlectl.executor.pipeline;

import java.time.Duration;
import java.util.Objects;

/**
 * Whether and how long an install waits for the version it applied to run
 * ({@link dev.bundlectl.executor.install.NewVersionRunning}): after a complete install, and before
 * an upgrade removes what only the old version had (docs/semantics.md §9).
 *
 * @param untilRunning whether the install ends only once the new version runs ({@code --wait}, or a
 *     hop of a walk along a channel with another after it); otherwise an upgrade's removals take one
 *     look and are kept for a later install when the version does not run yet
 * @param pollInterval how long between two reads of what is waited for
 * @param timeout how long a wait may take in all
 */
public record RunningWait(boolean untilRunning, Duration pollInterval, Duration timeout) {

    public RunningWait {
        Objects.requireNonNull(pollInterval, "pollInterval");
        Objects.requireNonNull(timeout, "timeout");
    }
}
