package dev.bundlectl.cli;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;

/** The {@code bundlectl} entry point. */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
        PrintWriter err = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
        int code = run(args, out, err);
        out.flush();
        err.flush();
        System.exit(code);
    }

    /**
     * Runs bundlectl with the given arguments and streams, and returns the exit code instead of
     * exiting, so that tests can run it in-process.
     */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine commandLine = newCommandLine(out, err);
        return commandLine.execute(args);
    }

    static CommandLine newCommandLine(PrintWriter out, PrintWriter err) {
        CommandLine commandLine = new CommandLine(new BundlectlCommand());
        commandLine.setOut(out);
        commandLine.setErr(err);
        commandLine.setCaseInsensitiveEnumValuesAllowed(true);
        // Wide enough for the examples; picocli would otherwise wrap them mid-path at 80 columns.
        commandLine.setUsageHelpWidth(110);
        commandLine.setExecutionExceptionHandler(new ErrorReporter());
        return commandLine;
    }
}
