package dev.bundlectl.cli;

import dev.bundlectl.source.errors.RegistryUnavailableException;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;

/**
 * Turns exceptions that escape a command into one-line messages and exit codes. A user mistake
 * never shows a stack trace; an unexpected error shows one only with {@code --debug}.
 */
final class ErrorReporter implements IExecutionExceptionHandler {

    @Override
    public int handleExecutionException(Exception exception, CommandLine commandLine, ParseResult parseResult) {
        PrintWriter err = commandLine.getErr();
        if (exception instanceof UserInputException userInput) {
            userInput.problems().forEach(problem -> err.println("error: " + TerminalText.safe(problem)));
            return ExitCode.INVALID_INPUT;
        }
        if (exception instanceof RefusedOnClusterException refused) {
            refused.problems().forEach(problem -> err.println("error: " + TerminalText.safe(problem)));
            return ExitCode.PLAN_FAILED;
        }
        if (exception instanceof RegistryUnavailableException unavailable) {
            // The environment, not a bug: one line, like an unreachable cluster's reason.
            err.println("error: " + TerminalText.safe(unavailable.getMessage()));
            if (debugRequested(parseResult)) {
                exception.printStackTrace(err);
            }
            return ExitCode.ERROR;
        }
        err.println("error: " + TerminalText.safe(describe(exception)));
        if (debugRequested(parseResult)) {
            exception.printStackTrace(err);
        } else {
            err.println("(run with --debug for details)");
        }
        return ExitCode.ERROR;
    }

    private static String describe(Throwable exception) {
        Throwable cause = exception;
        while (cause.getCause() != null && cause.getMessage() == null) {
            cause = cause.getCause();
        }
        String message = cause.getMessage();
        return message == null ? cause.getClass().getSimpleName() : message;
    }

    private static boolean debugRequested(ParseResult parseResult) {
        for (ParseResult result = parseResult; result != null; result = result.subcommand()) {
            if (result.hasMatchedOption("--debug")) {
                return true;
            }
        }
        return false;
    }
}
