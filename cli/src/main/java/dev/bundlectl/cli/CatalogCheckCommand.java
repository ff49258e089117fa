package dev.bundlectl.cli;

import dev.bundlectl.source.catalog.Catalog;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code bundlectl catalog check --upgrades CATALOG}: what every upgrade edge of a catalog would break, offline. */
@Command(addMethodSubcommands = false,
        mixinStandardHelpOptions = true,
        name = "check",
        sortOptions = false,
        description = "Check a catalog without a cluster. --upgrades compares the CRDs of every upgrade edge of every "
                + "channel (an entry's replaces, skips and olm.skipRange) with OLM v1's CRD upgrade safety checks, "
                + "and lists what each edge would break, per CRD and field, with the old and new values. CATALOG is "
                + "a directory of bundle directories (the community-operators layout <package>/<version>/, or any "
                + "tree plan --recursive walks), whose bundles' CSVs and annotations make the graph, or a file-based "
                + "catalog (a directory or an image), whose bundles are pulled.",
        footerHeading = "%nExamples:%n",
        footer = {
            "  ${ROOT-COMMAND-NAME} catalog check --upgrades operators/",
            "  ${ROOT-COMMAND-NAME} catalog check --upgrades operators/ --package cachebox-operator -o json",
            "",
            "Exit codes: 0 no edge would break stored objects, 3 an edge would (findings listed), 2 invalid input or a "
                    + "bundle that cannot be read (its edges are not checked; 2 wins over 3), 1 other errors.",
        })
final class CatalogCheckCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "CATALOG",
            description = "A directory of bundles, or a file-based catalog directory or image.")
    private String catalog;

    @Option(names = "--upgrades", description = "Compare the CRDs of every upgrade edge of every channel (the one "
            + "check there is; required, so that a later check is never run unasked).")
    private boolean upgrades;

    @Option(names = "--package", paramLabel = "P", description = "Only this package.")
    private String packageName;

    @Option(names = {"-o", "--output"}, paramLabel = "FORMAT", defaultValue = "table",
            description = "table or json (default: ${DEFAULT-VALUE}).")
    private OutputFormat output;

    @Mixin
    private RegistryAccessOptions registry = new RegistryAccessOptions();

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (!upgrades) {
            throw new UserInputException("catalog check: say what to check: --upgrades (the CRD updates of every "
                    + "upgrade edge)");
        }
        UpgradeCheckOutput printer = UpgradeCheckOutput.of(output, catalog, out);
        UpgradeCheckTally tally = new UpgradeCheckTally();
        UpgradeEdgeCheck check = new UpgradeEdgeCheck(err);
        Path directory = Path.of(catalog);
        // A directory with bundles below it is a tree of bundles; anything else is a file-based catalog.
        BundleTree.Found found = Files.isDirectory(directory) ? BundleTree.below(directory)
                : new BundleTree.Found(List.of(), List.of());
        if (!found.bundles().isEmpty()) {
            found.skipped().forEach(line -> err.println("warning: " + TerminalText.safe(line)));
            check.bundleTree(directory, found.bundles(), packageName, checked -> {
                tally.add(checked);
                printer.add(checked);
            });
        } else {
            BundleSourcing sourcing = new BundleSourcing(registry, err);
            Catalog loaded = sourcing.catalog(catalog);
            CatalogCommand.checkPackage(loaded, packageName);
            check.fileBasedCatalog(loaded, sourcing, packageName, checked -> {
                tally.add(checked);
                printer.add(checked);
            });
        }
        printer.finish(tally);
        err.flush();
        return tally.exitCode();
    }
}
