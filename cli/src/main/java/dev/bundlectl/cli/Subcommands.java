package dev.bundlectl.cli;

import java.util.List;
import picocli.CommandLine;

/**
 * The subcommands of {@code bundlectl}, by name, in the order help lists them.
 *
 * <p>They are added to the root command here instead of in its {@code @Command} annotation so that
 * a run builds the picocli model of the one command it runs: picocli reads every annotated option of
 * every listed subcommand up front, and for ten commands that was a quarter of a second of every
 * start-up in a cold JVM (bench/README.md, "Start-up"). When the command line names no known
 * subcommand (help, a typo, no arguments), all of them are added, so that help lists them and
 * picocli's "did you mean" suggestions still work.
 */
final class Subcommands {

    /**
     * The names, in the order help lists them; each is its command's own {@code @Command(name)},
     * as a test checks.
     */
    static final List<String> NAMES = List.of("plan", "template", "install", "catalog", "status", "rollback", "uninstall",
            "gc", "approve", "controller", "version", "completion", CompletionScript.INSTALL_NAMES_COMMAND,
            CompletionScript.CATALOG_VALUES_COMMAND);

    private Subcommands() {
    }

    /**
     * A new instance of the named command. A switch and not a map of classes: a class literal loads
     * its class, and a run should not load the nine commands it does not run.
     */
    static Object create(String name) {
        return switch (name) {
            case "plan" -> new PlanCommand();
            case "template" -> new TemplateCommand();
            case "install" -> new InstallCommand();
            case "catalog" -> new CatalogCommand();
            case "status" -> new StatusCommand();
            case "rollback" -> new RollbackCommand();
            case "uninstall" -> new UninstallCommand();
            case "gc" -> new GcCommand();
            case "approve" -> new ApproveCommand();
            case "controller" -> new ControllerCommand();
            case "version" -> new VersionCommand();
            case "completion" -> new CompletionCommand();
            case CompletionScript.INSTALL_NAMES_COMMAND -> new InstallNamesCommand();
            case CompletionScript.CATALOG_VALUES_COMMAND -> new CatalogValuesCommand();
            default -> throw new IllegalArgumentException("no bundlectl command " + name);
        };
    }

    /**
     * Adds to {@code root} the subcommand {@code args} runs, or every subcommand when they name
     * none. The root's own options ({@code --debug}, {@code -h}, {@code -V}) take no value, so the
     * first argument that is not an option is the subcommand's name.
     */
    static void addTo(CommandLine root, String[] args) {
        for (String arg : args) {
            if (arg.equals("--")) {
                break;
            }
            if (!arg.startsWith("-")) {
                if (NAMES.contains(arg)) {
                    root.addSubcommand(create(arg));
                    return;
                }
                break;
            }
        }
        addAll(root);
    }

    /** Adds every subcommand: for help, completion scripts and man pages, which describe them all. */
    static void addAll(CommandLine root) {
        for (String name : NAMES) {
            root.addSubcommand(create(name));
        }
    }
}
