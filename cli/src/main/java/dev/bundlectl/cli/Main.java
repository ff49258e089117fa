package dev.bundlectl.cli;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;

/** The {@code bundlectl} entry point. */
public final class Main {

    /** The name bundlectl calls itself in help and messages. */
    public static final String NAME = "bundlectl";

    /**
     * The system property a launcher sets to change the name bundlectl calls itself: the kubectl
     * plugin launcher sets {@code kubectl bundle}, so that help and hints show what the user typed.
     */
    public static final String PROGRAM_NAME_PROPERTY = "bundlectl.programName";

    /** picocli's system property: regular expressions, comma-separated, of types whose built-in converter it skips. */
    static final String PICOCLI_CONVERTER_EXCLUDES_PROPERTY = "picocli.converters.excludes";

    /** The types bundlectl's options never use without a converter of their own. */
    static final String PICOCLI_CONVERTER_EXCLUDES = "java\\.(sql|time)\\..*";

    /** SLF4J's system property naming the logging provider to use. */
    static final String SLF4J_PROVIDER_PROPERTY = "slf4j.provider";

    /** SLF4J's system property for how much of its own reporting it prints. */
    static final String SLF4J_VERBOSITY_PROPERTY = "slf4j.internal.verbosity";

    /** slf4j-simple's provider, the one the jar carries (configured by simplelogger.properties). */
    static final String SLF4J_PROVIDER = "org.slf4j.simple.SimpleServiceProvider";

    private Main() {
    }

    public static void main(String[] args) {
        // picocli's switch for its Groovy support: without it, picocli looks for Groovy's Closure
        // class on the class path at its first command, a failed lookup that cost every run 1.7 %
        // of its CPU time (bench/README.md). This is the process's entry point, so it is ours to set.
        System.setProperty("picocli.disable.closures", "true");
        // picocli registers converters for java.sql and java.time types by reflection at every
        // start (Class.forName and getDeclaredMethod on 18 classes, 6 ms); no option of ours has
        // such a type without its own converter (ConverterExclusionTest), so skip them.
        setUnlessSet(PICOCLI_CONVERTER_EXCLUDES_PROPERTY, PICOCLI_CONVERTER_EXCLUDES);
        // SLF4J's switch to name its provider instead of searching the class path for one with a
        // ServiceLoader: the search cost every process that logs (fabric8 does, on loading its
        // Config) 10 ms. A user's own choice of provider is kept.
        // SLF4J then reports at its INFO level that it took the named provider, on stderr; only
        // its warnings are for the user (RealServerQuietLibrariesTest).
        if (setUnlessSet(SLF4J_PROVIDER_PROPERTY, SLF4J_PROVIDER)) {
            setUnlessSet(SLF4J_VERBOSITY_PROPERTY, "WARN");
        }
        PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
        PrintWriter err = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
        int code = run(args, out, err, System.getProperty(PROGRAM_NAME_PROPERTY, NAME));
        out.flush();
        err.flush();
        System.exit(code);
    }

    /** Sets a system property the user has not set (with {@code -D}); returns whether it did. */
    private static boolean setUnlessSet(String name, String value) {
        if (System.getProperty(name) != null) {
            return false;
        }
        System.setProperty(name, value);
        return true;
    }

    /**
     * Runs bundlectl with the given arguments and streams, and returns the exit code instead of
     * exiting, so that tests can run it in-process.
     */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        return run(args, out, err, NAME);
    }

    /** As {@link #run(String[], PrintWriter, PrintWriter)}, calling itself {@code programName}. */
    public static int run(String[] args, PrintWriter out, PrintWriter err, String programName) {
        // Started before picocli builds its model, which the connection's set-up then runs beside.
        try (EarlyConnection early = EarlyConnection.startFor(args)) {
            return run(args, out, err, programName, early);
        }
    }

    /** As {@link #run(String[], PrintWriter, PrintWriter, String)}, with the connection set up since it started. */
    static int run(String[] args, PrintWriter out, PrintWriter err, String programName, EarlyConnection early) {
        CommandLine commandLine = new CommandLine(new BundlectlCommand(early));
        Subcommands.addTo(commandLine, args);
        return configure(commandLine, out, err, programName).execute(args);
    }

    /** The whole command tree, every subcommand included: for completion scripts and man pages. */
    static CommandLine newCommandLine(PrintWriter out, PrintWriter err, String programName) {
        CommandLine commandLine = new CommandLine(new BundlectlCommand());
        Subcommands.addAll(commandLine);
        return configure(commandLine, out, err, programName);
    }

    // After the subcommands are added: picocli applies these settings to the subcommands present
    // when they are set, not to ones added later.
    private static CommandLine configure(CommandLine commandLine, PrintWriter out, PrintWriter err, String programName) {
        commandLine.setCommandName(programName);
        commandLine.setOut(out);
        commandLine.setErr(err);
        commandLine.setCaseInsensitiveEnumValuesAllowed(true);
        // Wide enough for the examples; picocli would otherwise wrap them mid-path at 80 columns.
        commandLine.setUsageHelpWidth(110);
        commandLine.setExecutionExceptionHandler(new ErrorReporter());
        return commandLine;
    }
}
