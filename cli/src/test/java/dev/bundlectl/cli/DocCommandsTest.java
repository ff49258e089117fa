package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.bundle.testing.SharedDirectory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every offline command the README and docs/ show in a fenced {@code sh} block (or as a {@code $ }
 * line of a plain block that shows a session) runs against this build and exits as the docs say: 0, unless the line's comment says {@code exit N}. A doc whose
 * example stops working fails the build. Offline means {@code plan} without {@code --kubeconfig},
 * {@code template}, {@code catalog}, {@code completion}, {@code version} and any {@code --help};
 * the commands that need a cluster (install, status, uninstall, gc, approve, controller, and plan
 * against one) are the real-server tests' to run. A line whose comment says {@code (needs …)} is
 * marked as needing what it names (a cluster, the network, the line above) and is not run here. A
 * line that names a placeholder (an upper-case word such as DIR or CATALOG, a {@code <version>}, a
 * home directory) is a pattern, not a command, and is counted apart; one that reads
 * {@code ../shared} runs only where it is.
 */
class DocCommandsTest {

    /** A fence line: three backticks and the block's info string ("sh", "text", or none). */
    private static final Pattern FENCE = Pattern.compile("^\\s*```\\s*(\\S*).*$");
    private static final Set<String> OFFLINE = Set.of("plan", "template", "catalog", "completion", "version");
    private static final Pattern EXIT = Pattern.compile("#.*\\bexits? (\\d)\\b");

    /** One command line of a doc. */
    record DocCommand(Path doc, String line, List<String> args, int expectedExit) {
        boolean offline() {
            if (line.matches(".*#.*\\(needs [^)]*\\).*")) {
                return false;
            }
            if (args.contains("--help") || args.contains("-h")) {
                return true;
            }
            return !args.isEmpty() && OFFLINE.contains(args.get(0)) && !args.contains("--kubeconfig");
        }

        boolean pattern() {
            return args.stream().anyMatch(arg -> arg.matches("[A-Z][A-Z_]+") || arg.contains("<") || arg.startsWith("~")
                    || arg.contains("…"));
        }
    }

    @TestFactory
    Stream<DynamicTest> everyOfflineCommandOfTheDocsRunsAndExitsAsTheDocsSay() {
        return commands().stream().filter(DocCommand::offline).filter(command -> !command.pattern())
                .map(command -> DynamicTest.dynamicTest(CliRun.repoRoot().relativize(command.doc()) + ": "
                        + command.line(), () -> run(command)));
    }

    @Test
    void aTextBlocksClosingFenceOpensNoBlock() {
        String doc = "```text\nout $ plan x\n```\n\n```sh\nbundlectl version\n```\n```\n$ bundlectl plan y\nz\n```\n";
        assertThat(blocks(doc)).containsExactly(new Block("text", List.of("out $ plan x")),
                new Block("sh", List.of("bundlectl version")), new Block("", List.of("$ bundlectl plan y", "z")));
    }

    @Test
    void theDocsShowOfflineCommandsAtAll() {
        List<DocCommand> all = commands();
        long runnable = all.stream().filter(DocCommand::offline).filter(command -> !command.pattern()).count();
        System.out.println("[bundlectl] doc commands: " + all.size() + " in sh blocks, " + runnable
                + " offline and run here, " + all.stream().filter(DocCommand::pattern).count() + " patterns, "
                + all.stream().filter(command -> !command.offline()).count() + " needing a cluster");
        assertThat(runnable).as("offline commands in the docs' sh blocks").isGreaterThan(5);
    }

    private static void run(DocCommand command) {
        List<String> args = new ArrayList<>();
        for (String arg : command.args()) {
            if (arg.startsWith("../shared/")) {
                SharedDirectory.require(arg.substring("../shared/".length()));
            }
            Path inRepo = CliRun.repoRoot().resolve(arg);
            args.add(!arg.startsWith("-") && arg.contains("/") && Files.exists(inRepo) ? inRepo.toString() : arg);
        }
        CliRun run = CliRun.of(args.toArray(String[]::new));
        assertThat(run.exitCode()).as(command.line() + "\n" + run).isEqualTo(command.expectedExit());
    }

    /** A fenced block: its info string and its lines. */
    record Block(String info, List<String> lines) {
    }

    /**
     * The fenced blocks of a Markdown text, line by line: each fence opens a block (its info string
     * kept) or closes the open one, so a {@code text} block's closing fence never opens another.
     */
    static List<Block> blocks(String text) {
        List<Block> blocks = new ArrayList<>();
        String info = null;
        List<String> lines = new ArrayList<>();
        for (String line : text.split("\n", -1)) {
            Matcher fence = FENCE.matcher(line);
            if (!fence.matches()) {
                if (info != null) {
                    lines.add(line);
                }
                continue;
            }
            if (info == null) {
                info = fence.group(1);
                lines = new ArrayList<>();
            } else {
                blocks.add(new Block(info, List.copyOf(lines)));
                info = null;
            }
        }
        return blocks;
    }

    static List<DocCommand> commands() {
        List<Path> docs = new ArrayList<>(List.of(CliRun.repoRoot().resolve("README.md")));
        try (Stream<Path> pages = Files.list(CliRun.repoRoot().resolve("docs"))) {
            pages.filter(page -> page.toString().endsWith(".md")).sorted().forEach(docs::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<DocCommand> commands = new ArrayList<>();
        for (Path doc : docs) {
            String text;
            try {
                text = Files.readString(doc);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            for (Block block : blocks(text)) {
                // An sh block holds commands; a plain one shows a session: its "$ " lines are commands,
                // the rest output. Any other (text, yaml, console output) holds none.
                boolean sh = block.info().equals("sh");
                if (!sh && !block.info().isEmpty()) {
                    continue;
                }
                String[] lines = block.lines().toArray(String[]::new);
                for (int at = 0; at < lines.length; at++) {
                    if (!sh && !lines[at].startsWith("$ ")) {
                        continue;
                    }
                    DocCommand command = parse(doc, lines[at].strip());
                    if (command != null) {
                        commands.add(shownExit(command, lines, at));
                    }
                }
            }
        }
        return commands;
    }

    /**
     * {@code command} expecting the exit status the session shows after it: its next command is
     * {@code $ echo $?} and the line after that the status.
     */
    private static DocCommand shownExit(DocCommand command, String[] lines, int at) {
        for (int next = at + 1; next < lines.length; next++) {
            if (lines[next].startsWith("$ ")) {
                if (lines[next].strip().equals("$ echo $?") && next + 1 < lines.length
                        && lines[next + 1].strip().matches("\\d+")) {
                    return new DocCommand(command.doc(), command.line(), command.args(),
                            Integer.parseInt(lines[next + 1].strip()));
                }
                return command;
            }
        }
        return command;
    }

    /** The command a line shows, or null when it runs no bundlectl; output redirections are dropped. */
    static DocCommand parse(Path doc, String line) {
        String text = line.startsWith("$ ") ? line.substring(2) : line;
        Matcher exit = EXIT.matcher(text);
        int expected = exit.find() ? Integer.parseInt(exit.group(1)) : 0;
        int comment = text.indexOf(" #");
        String command = (comment < 0 ? text : text.substring(0, comment)).strip();
        int redirect = command.indexOf(" >");
        if (redirect >= 0) {
            command = command.substring(0, redirect).strip();
        }
        List<String> words = words(command);
        if (words.isEmpty() || !List.of("bundlectl", "bin/bundlectl", "./bin/bundlectl").contains(words.get(0))
                || command.contains("|")) {
            return null;
        }
        return new DocCommand(doc, line, words.subList(1, words.size()), expected);
    }

    /** Splits on spaces, keeping quoted words whole (quotes removed), as a shell would for these lines. */
    private static List<String> words(String command) {
        List<String> words = new ArrayList<>();
        Matcher word = Pattern.compile("\"([^\"]*)\"|'([^']*)'|(\\S+)").matcher(command);
        while (word.find()) {
            words.add(word.group(1) != null ? word.group(1) : word.group(2) != null ? word.group(2) : word.group(3));
        }
        return words;
    }
}
