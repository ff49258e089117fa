package dev.bundlectl.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;

/**
 * One in-process run of bundlectl, with what it printed.
 *
 * @param exitCode the exit code
 * @param out standard output
 * @param err standard error
 */
record CliRun(int exitCode, String out, String err) {

    /** The repository root, where samples/ lives. */
    static Path repoRoot() {
        return Path.of(System.getProperty("bundlectl.repoRoot", "..")).toAbsolutePath().normalize();
    }

    static CliRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new CliRun(code, out.toString(), err.toString());
    }

    @Override
    public String toString() {
        return "exit " + exitCode + "\n--- stdout\n" + out + "\n--- stderr\n" + err;
    }
}
