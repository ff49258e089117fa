package dev.bundlectl.executor.install;

import java.time.Duration;

/** How waiting for OLM to run a CSV ended ({@link CsvWait}). */
public sealed interface CsvWaitOutcome permits CsvWaitOutcome.Running, CsvWaitOutcome.Failed,
        CsvWaitOutcome.TimedOut, CsvWaitOutcome.Unreadable {

    /** OLM's last word on the CSV; null when it could not be read at all. */
    CsvPhase last();

    /** How long the wait took. */
    Duration waited();

    /** Whether the operator runs: OLM took the CSV to {@code Succeeded}. */
    default boolean running() {
        return this instanceof Running;
    }

    /**
     * OLM reports {@code Succeeded}: the operator's Deployments are available.
     *
     * @param last the CSV's status
     * @param waited how long it took
     */
    record Running(CsvPhase last, Duration waited) implements CsvWaitOutcome {
    }

    /**
     * OLM reports {@code Failed}.
     *
     * @param last the CSV's status, with its unmet requirements
     * @param waited how long it took
     */
    record Failed(CsvPhase last, Duration waited) implements CsvWaitOutcome {
    }

    /**
     * The deadline passed before OLM reported {@code Succeeded} or {@code Failed}.
     *
     * @param last the CSV's status when time ran out (null when never read)
     * @param waited how long it waited
     */
    record TimedOut(CsvPhase last, Duration waited) implements CsvWaitOutcome {
    }

    /**
     * The CSV could not be read until the deadline (gone, or the API refused).
     *
     * @param last null
     * @param waited how long it waited
     * @param error the last error
     */
    record Unreadable(CsvPhase last, Duration waited, String error) implements CsvWaitOutcome {
    }
}
