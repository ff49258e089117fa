package dev.bundlectl.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.executor.planning.ConfigChoice;
import dev.bundlectl.plan.config.ConfigLocation;
import dev.bundlectl.plan.config.ConfigRead;
import dev.bundlectl.plan.config.OperatorConfig;
import dev.bundlectl.plan.config.OperatorConfigReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * How the operator is run on this cluster (docs/operator-config.md): OLM's {@code SubscriptionConfig}
 * from a file, a shortcut or two for the common cases, or the recorded configuration dropped; shared
 * by {@code plan}, {@code install} and {@code template}.
 */
// No method here is a command: without this, picocli reads every method's annotations at each start.
@Command(addMethodSubcommands = false)
final class OperatorConfigOptions {

    private static final String SHORTCUTS = "the command line (--env, --node-selector)";

    @Option(names = "--config", paramLabel = "FILE",
            description = {
                "Run the operator as OLM runs it for a Subscription with this spec.config: a YAML or JSON file "
                        + "holding a SubscriptionConfig (nodeSelector, tolerations, resources, env, envFrom, volumes, "
                        + "volumeMounts, affinity, annotations, selector) or a whole Subscription. Merged into every "
                        + "Deployment of the CSV as OLM merges it, in every CSV mode. The install records it, and "
                        + "later installs without --config (upgrades included) keep it."
            })
    Path file;

    @Option(names = "--env", paramLabel = "NAME=VALUE",
            description = "Shortcut: set this environment variable in every container of the operator, as a "
                    + "--config env entry does (it wins over the same name in --config). Repeatable.")
    List<String> env = new ArrayList<>();

    @Option(names = "--node-selector", paramLabel = "KEY=VALUE",
            description = "Shortcut: run the operator on nodes with this label, as a --config nodeSelector entry "
                    + "does (it wins over the same key in --config). Repeatable.")
    List<String> nodeSelector = new ArrayList<>();

    @Option(names = "--reset-config",
            description = "Drop the configuration the last install recorded: the operator runs as its bundle wrote it.")
    boolean reset;

    private ConfigChoice read;

    /** Whether any of these options was given. */
    boolean given() {
        return file != null || !env.isEmpty() || !nodeSelector.isEmpty() || reset;
    }

    /**
     * The configuration asked for, read and checked the first time it is asked for; throws
     * {@link UserInputException} naming the file (or flag) and the field for anything wrong.
     */
    ConfigChoice choice(DiagnosticsPrinter diagnostics) {
        if (read == null) {
            read = readChoice(diagnostics);
        }
        return read;
    }

    private ConfigChoice readChoice(DiagnosticsPrinter diagnostics) {
        if (reset) {
            if (file != null || !env.isEmpty() || !nodeSelector.isEmpty()) {
                throw new UserInputException("--reset-config drops the configuration, which --config, --env and "
                        + "--node-selector give: use one or the other");
            }
            return ConfigChoice.RESET;
        }
        if (!given()) {
            return ConfigChoice.KEEP;
        }
        ObjectNode shortcuts = shortcuts();
        ConfigChoice.Given fromFlags = checked(shortcuts, new ConfigLocation(SHORTCUTS, null, ""), diagnostics);
        if (file == null) {
            return fromFlags;
        }
        ConfigRead fromFile = OperatorConfigReader.read(file);
        diagnostics.reportOrFail(fromFile.diagnostics());
        ConfigRead.Read read = (ConfigRead.Read) fromFile;
        if (shortcuts.isEmpty()) {
            return ConfigChoice.Given.of(read);
        }
        // The flags' entries over the file's: each part was checked alone, and the merge only
        // replaces a variable of the same name or a key.
        return checked(overlaid(read.config().toJson(), fromFlags.config()), read.location(), diagnostics);
    }

    /** {@code --env} and {@code --node-selector} as a {@code SubscriptionConfig}. */
    private ObjectNode shortcuts() {
        ObjectNode config = JsonNodeFactory.instance.objectNode();
        for (String entry : env) {
            String[] pair = pair("--env", entry);
            config.withArrayProperty("env").addObject().put("name", pair[0]).put("value", pair[1]);
        }
        for (String entry : nodeSelector) {
            String[] pair = pair("--node-selector", entry);
            config.withObjectProperty("nodeSelector").put(pair[0], pair[1]);
        }
        return config;
    }

    private static String[] pair(String flag, String entry) {
        int equals = entry.indexOf('=');
        if (equals <= 0) {
            throw new UserInputException(flag + " " + entry + ": expected NAME=VALUE");
        }
        return new String[] {entry.substring(0, equals), entry.substring(equals + 1)};
    }

    private static ObjectNode overlaid(ObjectNode config, OperatorConfig flags) {
        List<ObjectNode> variables = flags.env();
        if (!variables.isEmpty()) {
            ArrayNode env = config.withArrayProperty("env");
            for (ObjectNode variable : variables) {
                int at = -1;
                for (int i = 0; i < env.size() && at < 0; i++) {
                    at = env.get(i).path("name").asText().equals(variable.path("name").asText()) ? i : -1;
                }
                if (at >= 0) {
                    env.set(at, variable);
                } else {
                    env.add(variable);
                }
            }
        }
        if (flags.nodeSelector() != null) {
            flags.nodeSelector().forEach(config.withObjectProperty("nodeSelector")::put);
        }
        return config;
    }

    private static ConfigChoice.Given checked(ObjectNode config, ConfigLocation location,
            DiagnosticsPrinter diagnostics) {
        ConfigRead read = OperatorConfigReader.of(config, location);
        diagnostics.reportOrFail(read.diagnostics());
        return ConfigChoice.Given.of((ConfigRead.Read) read);
    }
}
