package dev.bundlectl.cli;

import dev.bundlectl.bundle.Diagnostic;
import dev.bundlectl.bundle.Diagnostics;
import java.io.PrintWriter;
import java.io.Writer;
import java.util.List;

/** Prints diagnostics to stderr, one line each, and turns errors into a {@link UserInputException}. */
final class DiagnosticsPrinter {

    private final PrintWriter err;

    DiagnosticsPrinter(PrintWriter err) {
        this.err = err;
    }

    /** A printer that drops warnings (they were shown once already) and still fails on errors. */
    DiagnosticsPrinter errorsOnly() {
        return new DiagnosticsPrinter(new PrintWriter(Writer.nullWriter()));
    }

    /** Prints the warnings; if there are errors, throws them as invalid input (exit 2). */
    void reportOrFail(Diagnostics diagnostics) {
        diagnostics.warnings().forEach(warning -> err.println(TerminalText.safe(warning.toString())));
        List<Diagnostic> errors = diagnostics.errors();
        if (!errors.isEmpty()) {
            throw new UserInputException(errors.stream().map(DiagnosticsPrinter::withoutSeverity).toList());
        }
    }

    private static String withoutSeverity(Diagnostic diagnostic) {
        String line = diagnostic.toString();
        return line.startsWith("error: ") ? line.substring("error: ".length()) : line;
    }
}
