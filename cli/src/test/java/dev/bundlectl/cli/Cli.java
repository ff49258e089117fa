package dev.bundlectl.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;

/** Runs {@code bundlectl} in-process through {@link Main#run}, capturing both streams. */
final class Cli {

    private Cli() {
    }

    static CliResult run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        long start = System.nanoTime();
        int code;
        try (PrintWriter outWriter = new PrintWriter(out); PrintWriter errWriter = new PrintWriter(err)) {
            code = Main.run(args, outWriter, errWriter);
        }
        return new CliResult(code, out.toString(), err.toString(), Duration.ofNanos(System.nanoTime() - start));
    }
}
