package dev.bundlectl.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.AutoComplete;
import picocli.CommandLine;

/**
 * Writes the completion script from the picocli model, so that completion never drifts from the
 * commands. picocli's bash script completes commands, options and the values each option lists in
 * {@link CompletionCandidates}; on top of it a small wrapper completes install names for
 * {@code uninstall} and {@code status} by asking the cluster through {@link InstallNamesCommand},
 * and the {@code --package}, {@code --channel} and {@code --version} of {@code plan}, {@code install}
 * and {@code template} from the {@code --catalog} on the line, through {@link CatalogValuesCommand}.
 * The same script serves zsh through zsh's {@code bashcompinit}, which picocli's script loads itself.
 */
final class CompletionScript {

    /** The hidden command that prints install names. */
    static final String INSTALL_NAMES_COMMAND = "__install-names";

    /** The hidden command that prints a catalog's packages, channels or versions. */
    static final String CATALOG_VALUES_COMMAND = "__catalog-values";

    /** The commands the script registers completion for: the CLI and its kubectl plugin launcher. */
    private static final String COMMANDS = "bundlectl kubectl-bundle";

    private CompletionScript() {
    }

    /** The bash script. */
    static String bash() {
        CommandLine model = Main.newCommandLine(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()),
                Main.NAME);
        return AutoComplete.bash(Main.NAME, model) + catalogValues() + installNames();
    }

    /** The zsh script: the bash script, which turns on {@code bashcompinit} when zsh sources it. */
    static String zsh() {
        return "# bundlectl completion for zsh: the bash completion script, run through zsh's bashcompinit\n"
                + "# (the script loads compinit and bashcompinit itself). Use: source <(bundlectl completion zsh)\n"
                + bash();
    }

    /**
     * The values of a catalog choice: when the word before the cursor is {@code --package},
     * {@code --channel} or {@code --version} (or that and {@code =VALUE}) of a command that takes
     * {@code --catalog}, and the line names a catalog, the hidden command lists them, given the
     * line's package and channel. A leading {@code ~} of the catalog is expanded, as the shell would
     * before running the command. Bounded by {@code timeout}, errors discarded, as for install names.
     */
    private static String catalogValues() {
        return """

                # Package, channel and version values of plan, install and template, from the --catalog on the line.
                function _bundlectl_catalog_values() {
                  case "${COMP_WORDS[1]}" in plan|install|template) ;; *) return 1 ;; esac
                  local current="${COMP_WORDS[COMP_CWORD]}"
                  [[ "$current" != "=" ]] || return 1
                  local at=$(( COMP_CWORD - 1 ))
                  if [[ "${COMP_WORDS[at]}" == "=" ]]; then at=$(( at - 1 )); fi
                  local field
                  case "${COMP_WORDS[at]}" in
                    --package) field=package ;;
                    --channel) field=channel ;;
                    --version) field=version ;;
                    *) return 1 ;;
                  esac
                  local lookup=() catalog="" i value
                  for (( i = 2; i < at; i++ )); do
                    case "${COMP_WORDS[i]}" in
                      --catalog|--package|--channel)
                        value="${COMP_WORDS[i+1]}"
                        if [[ "$value" == "=" ]]; then value="${COMP_WORDS[i+2]}"; fi
                        value="${value/#\\~/$HOME}"
                        [[ -n "$value" ]] || continue
                        [[ "${COMP_WORDS[i]}" == --catalog ]] && catalog="$value"
                        lookup+=("${COMP_WORDS[i]}" "$value") ;;
                    esac
                  done
                  [[ -n "$catalog" ]] || return 1
                  local bounded=()
                  if command -v timeout >/dev/null 2>&1; then bounded=(timeout 10); fi
                  local values
                  values="$("${bounded[@]}" "${COMP_WORDS[0]}" %s "${lookup[@]}" --field "$field" 2>/dev/null)"
                  COMPREPLY=( $(compgen -W "$values" -- "$current") )
                  return 0
                }
                """.formatted(CATALOG_VALUES_COMMAND);
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
                  if _bundlectl_catalog_values; then return 0; fi
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
