package dev.bundlectl.cli;

/** {@code --dry-run} values, as kubectl spells them. */
enum DryRunMode {
    /** Apply for real. */
    NONE,
    /** Send every write with {@code dryRun=All}: the server validates it and nothing persists. */
    SERVER
}
