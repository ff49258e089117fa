package dev.bundlectl.bundle.yaml;

/**
 * Stops building one document's tree: the input broke a rule or a limit. It never leaves this
 * package; {@link SafeYamlLoader} turns it into a diagnostic.
 */
final class TreeBuildException extends Exception {

    private final int line;
    private final int column;

    TreeBuildException(String message, int line, int column) {
        super(message, null, false, false);
        this.line = line;
        this.column = column;
    }

    /** One-based line, or 0 when unknown. */
    int line() {
        return line;
    }

    /** One-based column, or 0 when unknown. */
    int column() {
        return column;
    }
}
