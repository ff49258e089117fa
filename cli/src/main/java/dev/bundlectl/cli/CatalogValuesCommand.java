package dev.bundlectl.cli;

import dev.bundlectl.source.catalog.Catalog;
import dev.bundlectl.source.catalog.CatalogBundle;
import dev.bundlectl.source.catalog.CatalogChannel;
import dev.bundlectl.source.catalog.CatalogPackage;
import dev.bundlectl.source.catalog.ChannelEntry;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The values of a catalog choice, one a line: what shell completion offers for {@code --package},
 * {@code --channel} and {@code --version} when {@code --catalog} is on the command line. Hidden, as
 * it is for the completion script. A catalog directory is read offline on this thread, as
 * {@code catalog DIR} reads it; an image is pulled as {@code --catalog} pulls it. Completion must
 * never print an error into the user's line, so every failure (no such catalog, package or
 * channel) prints nothing and exits 1.
 */
@Command(addMethodSubcommands = false, name = CompletionScript.CATALOG_VALUES_COMMAND, hidden = true,
        description = "Print the packages, channels or versions of a catalog, one a line (for shell completion).")
final class CatalogValuesCommand implements Callable<Integer> {

    /** What is listed: the values of one flag of a catalog choice. */
    enum Field {
        PACKAGE, CHANNEL, VERSION
    }

    @Spec
    private CommandSpec spec;

    @Option(names = "--catalog", paramLabel = "DIR|IMAGE", required = true)
    private String catalog;

    @Option(names = "--package", paramLabel = "P")
    private String packageName;

    @Option(names = "--channel", paramLabel = "C")
    private String channel;

    @Option(names = "--field", paramLabel = "package|channel|version", required = true, converter = FieldConverter.class)
    private Field field;

    @Override
    public Integer call() {
        List<String> values;
        try {
            values = values(new BundleSourcing(new RegistryAccessOptions(), new PrintWriter(PrintWriter.nullWriter()))
                    .catalog(catalog));
        } catch (RuntimeException quiet) {
            // A bad catalog is the shell's business to ignore: nothing is offered.
            return ExitCode.ERROR;
        }
        PrintWriter out = spec.commandLine().getOut();
        values.forEach(value -> out.println(TerminalText.safe(value)));
        out.flush();
        return ExitCode.OK;
    }

    /** The values of {@link #field} in {@code loaded}, in catalog order; none where the choice names nothing. */
    List<String> values(Catalog loaded) {
        if (field == Field.PACKAGE) {
            return List.copyOf(loaded.packages().keySet());
        }
        CatalogPackage pkg = packageName == null ? null : loaded.packages().get(packageName);
        if (pkg == null) {
            return List.of();
        }
        List<CatalogChannel> channels = loaded.channelsOf(pkg.name());
        if (field == Field.CHANNEL) {
            return channels.stream().map(CatalogChannel::name).toList();
        }
        String wanted = channel != null ? channel : pkg.defaultChannel();
        Set<String> versions = new LinkedHashSet<>();
        for (CatalogChannel candidate : channels) {
            if (candidate.name().equals(wanted)) {
                for (ChannelEntry entry : candidate.entries()) {
                    versions.add(loaded.bundle(pkg.name(), entry.name()).map(CatalogBundle::version)
                            .map(Object::toString).orElse(entry.name()));
                }
            }
        }
        return new ArrayList<>(versions);
    }

    /** {@code --field}: the flag's name without dashes, as the script passes it. */
    static final class FieldConverter implements picocli.CommandLine.ITypeConverter<Field> {
        @Override
        public Field convert(String value) {
            return Field.valueOf(value.toUpperCase(java.util.Locale.ROOT));
        }
    }
}
