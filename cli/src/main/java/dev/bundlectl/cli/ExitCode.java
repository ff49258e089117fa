package dev.bundlectl.cli;

/** bundlectl's process exit codes; scripts and CI depend on them, so they never change meaning. */
public final class ExitCode {

    /** The plan is installable, or the install completed. */
    public static final int OK = 0;
    /** Anything unexpected: a bug, an unreachable cluster, an I/O failure. */
    public static final int ERROR = 1;
    /** Invalid input: a bad bundle, file or flag. Nothing was applied to a cluster. */
    public static final int INVALID_INPUT = 2;
    /** The plan is predicted to fail, or the install failed. */
    public static final int PLAN_FAILED = 3;

    private ExitCode() {
    }
}
