package dev.bundlectl.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code bundlectl version}: offline, it never reads a kubeconfig. */
@Command(addMethodSubcommands = false, name = "version", mixinStandardHelpOptions = true,
        description = "Print the bundlectl version, the git commit and date it was built from, the Java runtime, "
                + "and the fabric8 and Vert.x versions.")
final class VersionCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = {"-o", "--output"}, paramLabel = "FORMAT", defaultValue = "text",
            completionCandidates = CompletionCandidates.VersionFormats.class,
            description = "text or json (default: ${DEFAULT-VALUE}).")
    private String output;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        VersionInfo info = VersionInfo.current();
        switch (output) {
            case "text" -> {
                for (String line : info.lines()) {
                    out.println(line);
                }
            }
            case "json" -> out.println(json(info));
            default -> throw new UserInputException("-o " + output + ": version prints text or json");
        }
        out.flush();
        return ExitCode.OK;
    }

    private static String json(VersionInfo info) {
        try {
            return new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(info.fields());
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
