package dev.bundlectl.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code --catalog} and the choice in it, as an OLM Subscription makes it. */
// No method here is a command: without this, picocli reads every method's annotations at each start.
@Command(addMethodSubcommands = false)
final class CatalogChoiceOptions {

    @Option(names = "--catalog", paramLabel = "DIR|IMAGE",
            description = "Take the bundle from this file-based catalog (a directory, or a catalog image) instead of DIR.")
    String catalog;

    @Option(names = "--package", paramLabel = "P", description = "With --catalog: the package to install.")
    String packageName;

    @Option(names = "--channel", paramLabel = "C", description = "With --catalog: the channel (default: the package's defaultChannel).")
    String channel;

    @Option(names = "--version", paramLabel = "V",
            description = "With --catalog: the bundle version (or bundle name) in the channel (default: the channel head).")
    String version;

    @Option(names = "--version-range", paramLabel = "R",
            description = "With --catalog: the newest version of the channel in this range, in OLM v1's syntax "
                    + "(\">=1.2 <2\", \"~1.2\", \"^1\", \"1.2.x\", \">=1 <2 || >=3\"); instead of --version.")
    String versionRange;

    /** Whether any catalog option was given. */
    boolean given() {
        return catalog != null || packageName != null || channel != null || version != null || versionRange != null;
    }
}
