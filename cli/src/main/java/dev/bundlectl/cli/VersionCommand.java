package dev.bundlectl.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code bundlectl version}. */
@Command(name = "version", description = "Print the bundlectl version.")
final class VersionCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        for (String line : new VersionInfo().getVersion()) {
            spec.commandLine().getOut().println(line);
        }
        return ExitCode.OK;
    }
}
