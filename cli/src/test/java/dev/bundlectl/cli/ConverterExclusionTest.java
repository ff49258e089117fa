package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.Writer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;

/**
 * Main tells picocli to skip its built-in converters for java.sql and java.time types; that is only
 * safe while no option or parameter of any command needs one.
 */
class ConverterExclusionTest {

    @Test
    void noArgumentOfAnyCommandNeedsAnExcludedBuiltInConverter() {
        List<ArgSpec> args = new ArrayList<>();
        ArrayDeque<CommandLine> pending = new ArrayDeque<>();
        pending.add(Main.newCommandLine(new PrintWriter(Writer.nullWriter()), new PrintWriter(Writer.nullWriter()), Main.NAME));
        while (!pending.isEmpty()) {
            CommandLine next = pending.pop();
            args.addAll(next.getCommandSpec().args());
            pending.addAll(next.getSubcommands().values());
        }
        assertThat(args).hasSizeGreaterThan(30);
        int withOwnConverter = 0;
        for (ArgSpec arg : args) {
            boolean ownConverter = arg.converters() != null && arg.converters().length > 0;
            withOwnConverter += ownConverter ? 1 : 0;
            List<Class<?>> types = new ArrayList<>(List.of(arg.auxiliaryTypes()));
            types.add(arg.type());
            for (Class<?> type : types) {
                if (type.getName().matches(Main.PICOCLI_CONVERTER_EXCLUDES)) {
                    assertThat(ownConverter).as("%s of type %s", arg.paramLabel(), type.getName()).isTrue();
                }
            }
        }
        // The Duration options (--timeout and the like) are the ones that do need theirs.
        assertThat(withOwnConverter).isGreaterThanOrEqualTo(4);
    }

    @Test
    void aDurationOptionStillParsesWithTheExclusionInForce() {
        String before = System.getProperty(Main.PICOCLI_CONVERTER_EXCLUDES_PROPERTY);
        System.setProperty(Main.PICOCLI_CONVERTER_EXCLUDES_PROPERTY, Main.PICOCLI_CONVERTER_EXCLUDES);
        try {
            CliResult help = Cli.run("install", "--timeout", "nonsense", TestPaths.arg("samples/bundles/cachebox-operator"));
            assertThat(help.exitCode()).isEqualTo(ExitCode.INVALID_INPUT);
            assertThat(help.err()).contains("--timeout");
        } finally {
            if (before == null) {
                System.clearProperty(Main.PICOCLI_CONVERTER_EXCLUDES_PROPERTY);
            } else {
                System.setProperty(Main.PICOCLI_CONVERTER_EXCLUDES_PROPERTY, before);
            }
        }
    }
}
