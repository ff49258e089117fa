package dev.bundlectl.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.AutoComplete;
import picocli.CommandLine;

/**
 * Writes the completion script from the picocli model, so that completion never drifts from the
 * commands. picocli's bash script completes commands, options and the values each option lists in
 * {@link CompletionCandidates}; on top of it a small wrapper completes install names for
 * {@code uninstall} and {@code status} by asking the cluster through {@link InstallNamesCommand}.
 * The same script serves zsh through zsh's {@code bashcompinit}, which picocli's script loads itself.
 */
final class CompletionScript {

    /** The hidden command that prints install names. */
    static final String INSTALL_NAMES_COMMAND = "__install-names";

    /** The commands the script registers completion for: the CLI and its kubectl plugin launcher. */
    private static final String COMMANDS = "bundlectl kubectl-bundle";

    private CompletionScript() {
    }

    /** The bash script. */
    static String bash() {
        CommandLine model = Main.newCommandLine(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()),
                Main.NAME);
        return AutoComplete.bash(Main.NAME, model) + installNames();
    }

    /** The zsh script: the bash script, which turns on {@code bashcompinit} when zsh sources it. */
    static String zsh() {
        return "# bundlectl completion for zsh: the bash completion script, run through zsh's bashcompinit\n"
                + "# (the script loads compinit and bashcompinit itself). Use: source <(bundlectl completion zsh)\n"
                + bash();
    }

    /**
     * Wraps picocli's completion function: the NAME of {@code uninstall} and {@code status} is
     * completed with the installs in the namespace the command line names (with its kubeconfig and
     * context). The lookup is bounded by {@code timeout} and its errors are discarded, so an
     * unreachable cluster leaves the shell quiet.
     */
    private static String installNames() {
        return """

                # Install names for 'uninstall NAME' and 'status NAME', read from the cluster.
                function _bundlectl_complete_with_installs() {
                  local command="${COMP_WORDS[1]}" current="${COMP_WORDS[COMP_CWORD]}" previous="${COMP_WORDS[COMP_CWORD-1]}"
                  if [[ ( "$command" == uninstall || "$command" == status ) && "$current" != -* ]]; then
                    case "$previous" in
                      -n|--namespace|--package|--kubeconfig|--context|-f|--filename|-o|--output) ;;
                      *)
                        local lookup=() i
                        for (( i = 2; i < COMP_CWORD; i++ )); do
                          case "${COMP_WORDS[i]}" in
                            -n|--namespace|--kubeconfig|--context) lookup+=("${COMP_WORDS[i]}" "${COMP_WORDS[i+1]}") ;;
                          esac
                        done
                        local bounded=()
                        if command -v timeout >/dev/null 2>&1; then bounded=(timeout 5); fi
                        local names
                        names="$("${bounded[@]}" "${COMP_WORDS[0]}" %s "${lookup[@]}" 2>/dev/null)"
                        COMPREPLY=( $(compgen -W "$names" -- "$current") )
                        return 0
                        ;;
                    esac
                  fi
                  _complete_bundlectl "$@"
                }
                complete -F _bundlectl_complete_with_installs -o default %s
                """.formatted(INSTALL_NAMES_COMMAND, COMMANDS);
    }
}
