package dev.bundlectl.cli;

/**
 * What a batch says of one bundle, and the exit code it asks for: the worst bundle decides the
 * run's exit code ({@link #worst}).
 */
enum BatchVerdict {
    /** Planned; every required step can be applied, as far as can be told. */
    INSTALLABLE("installable", ExitCode.OK),
    /** Planned; at least one required step cannot succeed. */
    PREDICTED_TO_FAIL("predicted to fail", ExitCode.PLAN_FAILED),
    /** Not planned: the bundle, or the options for it, are invalid. */
    INVALID("invalid", ExitCode.INVALID_INPUT),
    /** Not planned: reading it failed for a reason that is not the bundle's fault (I/O, a bug). */
    ERROR("error", ExitCode.ERROR);

    private final String wireName;
    private final int exitCode;

    BatchVerdict(String wireName, int exitCode) {
        this.wireName = wireName;
        this.exitCode = exitCode;
    }

    /** The word printed in the table and in {@code -o jsonl}. */
    String wireName() {
        return wireName;
    }

    int exitCode() {
        return exitCode;
    }

    /**
     * The more serious of two verdicts: an error (the run could not judge a bundle) over invalid
     * input over a predicted failure over installable, so that exit 2 wins over exit 3.
     */
    static BatchVerdict worst(BatchVerdict a, BatchVerdict b) {
        return a.ordinal() >= b.ordinal() ? a : b;
    }
}
