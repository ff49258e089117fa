package dev.bundlectl.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.bundlectl.source.errors.CatalogException;
import dev.bundlectl.source.catalog.Catalog;
import dev.bundlectl.source.catalog.CatalogChannel;
import dev.bundlectl.source.catalog.CatalogPackage;
import dev.bundlectl.source.catalog.ChannelEntry;
import dev.bundlectl.source.catalog.UpgradeGraph;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code bundlectl catalog}: what a file-based catalog offers, and what {@code --catalog} would pick. */
@Command(addMethodSubcommands = false,
        mixinStandardHelpOptions = true,
        name = "catalog",
        subcommands = CatalogCheckCommand.class,
        sortOptions = false,
        description = "List a file-based catalog's packages, channels, channel heads and versions: what "
                + "'install --catalog CATALOG --package P' would pick (the default channel's head, marked *).",
        footerHeading = "%nExamples:%n",
        footer = {
            "  ${ROOT-COMMAND-NAME} catalog samples/catalogs/cachebox",
            "  ${ROOT-COMMAND-NAME} catalog quay.io/org/my-catalog:latest --package cachebox-operator -o yaml",
            "  ${ROOT-COMMAND-NAME} catalog check --upgrades operators/   # what each upgrade edge's CRDs would break",
            "",
            "Exit codes: 0 listed, 2 invalid input (bad reference, malformed catalog, unknown package), 1 other errors (e.g. unreachable registry).",
        })
final class CatalogCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    // Not required by picocli: `catalog check …` names no catalog here, and picocli would refuse it.
    @Parameters(index = "0", arity = "0..1", paramLabel = "DIR|IMAGE",
            description = "A file-based catalog directory, or a catalog image.")
    private String catalog;

    @Option(names = "--package", paramLabel = "P", description = "Only this package.")
    private String packageName;

    @Option(names = {"-o", "--output"}, paramLabel = "FORMAT", defaultValue = "table",
            description = "table, yaml or json (default: ${DEFAULT-VALUE}).")
    private OutputFormat output;

    @Mixin
    private RegistryAccessOptions registry = new RegistryAccessOptions();

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        if (catalog == null) {
            throw new UserInputException("catalog needs DIR|IMAGE: a file-based catalog directory or image");
        }
        if (output == OutputFormat.JSONL) {
            throw new UserInputException("-o jsonl is for install progress; catalog prints table, yaml or json");
        }
        Catalog loaded = new BundleSourcing(registry, spec.commandLine().getErr()).catalog(catalog);
        checkPackage(loaded, packageName);
        List<Map<String, Object>> listing = listing(loaded);
        switch (output) {
            case JSON -> out.println(write(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT), listing));
            case YAML -> out.print(write(new YAMLMapper(), listing));
            default -> table(listing, out);
        }
        out.flush();
        return ExitCode.OK;
    }

    /** {@code --package P}, which must be one of the catalog's; null (no such option) passes. */
    static void checkPackage(Catalog loaded, String packageName) {
        if (packageName != null && !loaded.packages().containsKey(packageName)) {
            throw new UserInputException("--package " + packageName + ": not in the catalog (it has: "
                    + String.join(", ", loaded.packages().keySet()) + ")");
        }
    }

    private List<Map<String, Object>> listing(Catalog loaded) {
        List<Map<String, Object>> packages = new ArrayList<>();
        for (CatalogPackage pkg : loaded.packages().values()) {
            if (packageName != null && !pkg.name().equals(packageName)) {
                continue;
            }
            List<Map<String, Object>> channels = new ArrayList<>();
            for (CatalogChannel channel : loaded.channelsOf(pkg.name())) {
                UpgradeGraph graph = UpgradeGraph.of(loaded, channel);
                Map<String, Object> entry = new LinkedHashMap<>();
                entry.put("name", channel.name());
                entry.put("head", head(graph));
                List<Map<String, Object>> entries = new ArrayList<>();
                for (ChannelEntry channelEntry : channel.entries()) {
                    Map<String, Object> item = new LinkedHashMap<>();
                    item.put("name", channelEntry.name());
                    item.put("version", graph.version(channelEntry.name()).map(Object::toString).orElse(null));
                    item.put("image", loaded.bundle(pkg.name(), channelEntry.name()).map(b -> b.image()).orElse(null));
                    item.put("replaces", channelEntry.replaces());
                    item.put("skips", channelEntry.skips());
                    item.put("skipRange", channelEntry.skipRange() == null ? null : channelEntry.skipRange().toString());
                    entries.add(item);
                }
                entry.put("entries", entries);
                channels.add(entry);
            }
            Map<String, Object> item = new LinkedHashMap<>();
            item.put("package", pkg.name());
            item.put("defaultChannel", pkg.defaultChannel());
            item.put("channels", channels);
            packages.add(item);
        }
        return packages;
    }

    /** The head, or the reason there is none, so a broken channel is listed rather than failing the listing. */
    private static String head(UpgradeGraph graph) {
        try {
            return graph.head();
        } catch (CatalogException e) {
            return "(" + e.getMessage().replaceFirst("^.*?: (no head|ambiguous head)", "$1") + ")";
        }
    }

    @SuppressWarnings("unchecked")
    private static void table(List<Map<String, Object>> listing, PrintWriter out) {
        TextTable table = new TextTable(List.of("PACKAGE", "CHANNEL", "HEAD", "VERSIONS"));
        for (Map<String, Object> pkg : listing) {
            for (Map<String, Object> channel : (List<Map<String, Object>>) pkg.get("channels")) {
                String name = (String) channel.get("name");
                boolean isDefault = name.equals(pkg.get("defaultChannel"));
                List<String> versions = new ArrayList<>();
                for (Map<String, Object> entry : (List<Map<String, Object>>) channel.get("entries")) {
                    versions.add(entry.get("version") != null ? (String) entry.get("version") : (String) entry.get("name"));
                }
                table.row(List.of((String) pkg.get("package"), name + (isDefault ? " *" : ""),
                        (String) channel.get("head"), String.join(", ", versions)));
            }
        }
        table.print(out);
    }

    private static String write(ObjectMapper mapper, Object value) {
        try {
            return mapper.writeValueAsString(value);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
