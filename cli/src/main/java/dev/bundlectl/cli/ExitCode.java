package dev.bundlectl.cli;

/**
 * bundlectl's process exit codes, one rule for every command; scripts and CI depend on them, so
 * they never change meaning.
 */
public final class ExitCode {

    /** Success: the plan is installable, the install completed, the uninstall deleted what it should. */
    public static final int OK = 0;
    /**
     * Anything else: an unreachable or refusing cluster, an unreadable install record, an I/O
     * failure, a bug.
     */
    public static final int ERROR = 1;
    /** Invalid input: the user's files, flags or names. Nothing was applied to a cluster. */
    public static final int INVALID_INPUT = 2;
    /**
     * The operation ran and did not fully succeed: a plan predicted to fail, an install that
     * Failed (or was predicted to fail, and then applied nothing), an uninstall that left objects
     * it should have deleted, a {@code --wait} whose Deployments did not become Available.
     */
    public static final int PLAN_FAILED = 3;

    private ExitCode() {
    }
}
