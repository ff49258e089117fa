package dev.bundlectl.cli;

/** The {@code -o} formats. */
public enum OutputFormat {
    TABLE,
    YAML,
    JSON,
    JSONL
}
