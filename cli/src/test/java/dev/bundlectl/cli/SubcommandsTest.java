package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The root command gets the subcommand a run names, or all of them when it names none. */
class SubcommandsTest {

    @Test
    void everyNameIsTheCommandsOwnName() {
        for (String name : Subcommands.NAMES) {
            Class<?> command = Subcommands.create(name).getClass();
            assertThat(command.getAnnotation(Command.class).name()).as("%s", command).isEqualTo(name);
        }
    }

    @Test
    void noCommandOrMixinIsScannedForCommandMethods() {
        // picocli reads the annotations of every method of a class that may hold command methods,
        // at every start; none of ours does (bench/README.md, "Fourth pass").
        java.util.List<picocli.CommandLine.Model.CommandSpec> specs = new java.util.ArrayList<>();
        java.util.ArrayDeque<picocli.CommandLine> pending = new java.util.ArrayDeque<>();
        pending.add(Main.newCommandLine(new java.io.PrintWriter(java.io.Writer.nullWriter()),
                new java.io.PrintWriter(java.io.Writer.nullWriter()), Main.NAME));
        while (!pending.isEmpty()) {
            picocli.CommandLine next = pending.pop();
            java.util.ArrayDeque<picocli.CommandLine.Model.CommandSpec> withMixins = new java.util.ArrayDeque<>();
            withMixins.add(next.getCommandSpec());
            while (!withMixins.isEmpty()) {
                picocli.CommandLine.Model.CommandSpec spec = withMixins.pop();
                specs.add(spec);
                withMixins.addAll(spec.mixins().values());
            }
            pending.addAll(next.getSubcommands().values());
        }
        assertThat(specs).hasSizeGreaterThan(Subcommands.NAMES.size());
        for (picocli.CommandLine.Model.CommandSpec spec : specs) {
            if (spec.userObject().getClass().getName().startsWith("dev.bundlectl.")) {
                assertThat(spec.isAddMethodSubcommands()).as("%s", spec.userObject().getClass()).isFalse();
            }
        }
    }

    @Test
    void aNamedCommandIsAddedAloneEvenAfterRootOptions() {
        assertThat(subcommandsFor("--debug", "status", "x")).containsExactly("status");
        assertThat(subcommandsFor("plan", "install")).containsExactly("plan");
    }

    @Test
    void noKnownCommandAddsThemAllInHelpOrder() {
        String[] all = Subcommands.NAMES.toArray(String[]::new);
        assertThat(subcommandsFor()).containsExactly(all);
        assertThat(subcommandsFor("--help")).containsExactly(all);
        assertThat(subcommandsFor("plna", "dir")).containsExactly(all);
        assertThat(subcommandsFor("--", "plan")).containsExactly(all);
    }

    @Test
    void helpStillListsEveryVisibleCommandAndATypoGetsASuggestion() {
        CliResult help = Cli.run("--help");
        assertThat(help.exitCode()).isZero();
        for (String name : Subcommands.NAMES) {
            if (!name.startsWith("__")) {
                assertThat(help.out()).as(name).containsPattern("(?m)^\\s+" + name + "\\s");
            }
        }
        CliResult typo = Cli.run("instal", "x");
        assertThat(typo.exitCode()).isEqualTo(ExitCode.INVALID_INPUT);
        assertThat(typo.err()).contains("Did you mean").contains("install");
    }

    @Test
    void settingsReachTheLazilyAddedCommand() {
        // Case-insensitive enum values are a root setting; `-o YAML` only parses if plan got it.
        CliResult plan = Cli.run("plan", TestPaths.arg("samples/bundles/cachebox-operator"), "-o", "YAML");
        assertThat(plan.exitCode()).as(plan.err()).isZero();
        assertThat(plan.out()).contains("\napiVersion: operators.coreos.com/v1alpha1\nkind: InstallPlan\n");
    }

    private static java.util.List<String> subcommandsFor(String... args) {
        CommandLine root = new CommandLine(new BundlectlCommand());
        Subcommands.addTo(root, args);
        return java.util.List.copyOf(root.getSubcommands().keySet());
    }
}
