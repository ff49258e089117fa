package dev.bundlectl.cli;

/**
 * {@code plan}'s {@code -o} formats: the document formats, and {@code diff}, which only {@code plan}
 * against a cluster prints (so it is not one of every command's {@link OutputFormat}s).
 */
enum PlanFormat {
    TABLE,
    YAML,
    JSON,
    JSONL,
    DIFF;

    /** The document format this is; {@link #DIFF} has none. */
    OutputFormat document() {
        return switch (this) {
            case YAML -> OutputFormat.YAML;
            case JSON -> OutputFormat.JSON;
            case JSONL -> OutputFormat.JSONL;
            case TABLE, DIFF -> OutputFormat.TABLE;
        };
    }
}
