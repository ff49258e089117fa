package dev.bundlectl.cli;

import java.io.PrintWriter;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code bundlectl completion bash|zsh}: the shell completion script, written from the command model. */
@Command(addMethodSubcommands = false, name = "completion", mixinStandardHelpOptions = true,
        description = "Print the shell completion script for bash or zsh (zsh runs the bash script through "
                + "bashcompinit). It completes the commands, the options, and the option values that are known: "
                + "output formats, CSV and install modes, capability names and baseline sets; uninstall and status "
                + "complete install names from the cluster; plan, install and template complete --package, --channel "
                + "and --version from the --catalog on the line.",
        footerHeading = "%nExamples:%n",
        footer = {
            "  source <(${ROOT-COMMAND-NAME} completion bash)               # this shell",
            "  ${ROOT-COMMAND-NAME} completion bash > ~/.local/share/bash-completion/completions/bundlectl",
            "  source <(${ROOT-COMMAND-NAME} completion zsh)                # in ~/.zshrc",
        })
final class CompletionCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SHELL", completionCandidates = Shells.class, description = "bash or zsh.")
    private String shell;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        switch (shell) {
            case "bash" -> out.print(CompletionScript.bash());
            case "zsh" -> out.print(CompletionScript.zsh());
            default -> throw new UserInputException("completion " + shell + ": expected bash or zsh");
        }
        out.flush();
        return ExitCode.OK;
    }

    /** The shells a script is written for. */
    static final class Shells implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return List.of("bash", "zsh").iterator();
        }
    }
}
