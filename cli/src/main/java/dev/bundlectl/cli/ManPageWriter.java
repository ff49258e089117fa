package dev.bundlectl.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * Writes the man pages ({@code bundlectl.1}, {@code bundlectl-plan.1}, ...) from the picocli model,
 * so that they say what {@code --help} says. It writes roff itself: picocli-codegen's generator
 * writes AsciiDoc, whose conversion to roff needs Asciidoctor (Ruby) in the build, which is a
 * heavy tool for a page format this small. The release build runs it with the output directory as
 * its argument.
 */
public final class ManPageWriter {

    private ManPageWriter() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: ManPageWriter OUTPUT_DIR");
            System.exit(ExitCode.INVALID_INPUT);
        }
        Path directory = Path.of(args[0]);
        Files.createDirectories(directory);
        CommandLine root = Main.newCommandLine(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()),
                Main.NAME);
        String version = VersionInfo.current().version();
        for (CommandLine command : commands(root)) {
            CommandSpec spec = command.getCommandSpec();
            String page = pageName(spec);
            Files.writeString(directory.resolve(page + ".1"), render(spec, page, version));
        }
    }

    /** The root and its visible subcommands. */
    static List<CommandLine> commands(CommandLine root) {
        List<CommandLine> commands = new ArrayList<>();
        commands.add(root);
        for (CommandLine sub : root.getSubcommands().values()) {
            if (!sub.getCommandSpec().usageMessage().hidden() && !commands.contains(sub)) {
                commands.add(sub);
            }
        }
        return commands;
    }

    /** {@code bundlectl} or {@code bundlectl-plan}. */
    static String pageName(CommandSpec spec) {
        return spec.qualifiedName("-");
    }

    /** One page in roff ({@code man 7 man}). */
    static String render(CommandSpec spec, String page, String version) {
        StringBuilder roff = new StringBuilder();
        roff.append(".TH \"").append(page.toUpperCase(Locale.ROOT)).append("\" 1 \"\" \"bundlectl ")
                .append(escape(version)).append("\" \"bundlectl manual\"\n");
        roff.append(".SH NAME\n").append(escape(page)).append(" \\- ").append(escape(firstSentence(description(spec))))
                .append('\n');
        roff.append(".SH SYNOPSIS\n.nf\n").append(escape(synopsis(spec))).append("\n.fi\n");
        roff.append(".SH DESCRIPTION\n").append(escape(description(spec))).append('\n');
        if (spec.parent() == null) {
            roff.append(".SH COMMANDS\n");
            for (CommandLine sub : commands(spec.commandLine())) {
                if (sub.getCommandSpec() != spec) {
                    roff.append(".TP\n.B ").append(escape(sub.getCommandName())).append('\n')
                            .append(escape(firstSentence(description(sub.getCommandSpec())))).append(". See \\fB")
                            .append(escape(pageName(sub.getCommandSpec()))).append("\\fR(1).\n");
                }
            }
        }
        List<PositionalParamSpec> positionals = spec.positionalParameters().stream()
                .filter(positional -> !positional.hidden()).toList();
        if (!positionals.isEmpty()) {
            roff.append(".SH ARGUMENTS\n");
            for (PositionalParamSpec positional : positionals) {
                roff.append(".TP\n.I ").append(escape(positional.paramLabel())).append('\n')
                        .append(escape(text(positional.description(), positional.defaultValue()))).append('\n');
            }
        }
        roff.append(".SH OPTIONS\n");
        for (OptionSpec option : spec.options()) {
            if (option.hidden()) {
                continue;
            }
            roff.append(".TP\n").append(optionHeading(option)).append('\n')
                    .append(escape(text(option.description(), option.defaultValue()))).append('\n');
        }
        String[] footer = spec.usageMessage().footer();
        if (footer.length > 0) {
            roff.append(".SH EXAMPLES\n.nf\n");
            for (String line : footer) {
                roff.append(escape(line.replace("%n", ""))).append('\n');
            }
            roff.append(".fi\n");
        }
        roff.append(".SH SEE ALSO\n");
        List<String> related = new ArrayList<>();
        for (CommandLine command : commands(spec.root().commandLine())) {
            if (command.getCommandSpec() != spec) {
                related.add("\\fB" + escape(pageName(command.getCommandSpec())) + "\\fR(1)");
            }
        }
        related.add("\\fBkubectl\\fR(1)");
        roff.append(String.join(", ", related)).append('\n');
        return roff.toString();
    }

    private static String optionHeading(OptionSpec option) {
        List<String> names = new ArrayList<>();
        for (String name : option.names()) {
            names.add("\\fB" + escape(name) + "\\fR");
        }
        String heading = String.join(", ", names);
        if (option.arity().max() > 0) {
            heading += " \\fI" + escape(option.paramLabel()) + "\\fR";
        }
        return heading;
    }

    private static String synopsis(CommandSpec spec) {
        return new CommandLine.Help(spec, CommandLine.Help.defaultColorScheme(CommandLine.Help.Ansi.OFF))
                .synopsis(0).strip();
    }

    private static String description(CommandSpec spec) {
        return String.join(" ", spec.usageMessage().description()).strip();
    }

    private static String text(String[] description, String defaultValue) {
        return String.join(" ", description).replace("${DEFAULT-VALUE}", String.valueOf(defaultValue)).strip();
    }

    private static String firstSentence(String text) {
        int end = text.indexOf(". ");
        return end < 0 ? text.replaceAll("\\.$", "") : text.substring(0, end);
    }

    /** Escapes roff: backslashes, hyphens (which roff would break or render as a dash), and leading dots. */
    static String escape(String text) {
        StringBuilder escaped = new StringBuilder();
        for (String line : text.split("\n", -1)) {
            if (escaped.length() > 0) {
                escaped.append('\n');
            }
            String body = line.replace("\\", "\\e").replace("-", "\\-");
            if (body.startsWith(".") || body.startsWith("'")) {
                body = "\\&" + body;
            }
            escaped.append(body);
        }
        return escaped.toString();
    }
}
