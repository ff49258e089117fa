package dev.bundlectl.bundle.yaml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SafeYamlTest {

    @Test
    void readsOneDocument() throws Exception {
        assertThat(SafeYaml.readTree("a: 1\nb: [x, y]\n", "f.yaml").path("b").get(1).asText()).isEqualTo("y");
    }

    @Test
    void duplicateKeysAreRejectedWithTheLine() {
        assertThatThrownBy(() -> SafeYaml.readTree("a: 1\nb: 2\na: 3\n", "f.yaml"))
                .isInstanceOf(InputFileException.class)
                .hasMessage("f.yaml:3: Duplicate field 'a'");
    }

    @Test
    void aliasesAndMergeKeysAreRejected() {
        assertThatThrownBy(() -> SafeYaml.readTree("base: &b {x: 1}\nother:\n  <<: *b\n", "f.yaml"))
                .isInstanceOf(InputFileException.class)
                .hasMessage("f.yaml:1: YAML anchor \"&b\" is not supported; write the values out in full");
    }

    @Test
    void anchorsOnPlainValuesAreRejectedToo() {
        assertThatThrownBy(() -> SafeYaml.readTree("a: 1\nb: &n 5\n", "f.yaml"))
                .isInstanceOf(InputFileException.class)
                .hasMessage("f.yaml:2: YAML anchor \"&n\" is not supported; write the values out in full");
    }

    @Test
    void syntaxErrorsNameTheLineOfTheCulprit() {
        assertThatThrownBy(() -> SafeYaml.readTree("a:\n\tb: 1\n", "f.yaml"))
                .isInstanceOf(InputFileException.class)
                .hasMessageStartingWith("f.yaml:2: found character '\\t(TAB)' that cannot start any token");
    }

    @Test
    void listEntriesKeepTheLineTheyStartOn() throws Exception {
        assertThat(SafeYaml.readList("# surfaces\n- {kind: A}\n-\n  kind: B\n", "f.yaml"))
                .extracting(SafeYaml.LocatedNode::line).containsExactly(2, 4);
    }

    @Test
    void anAliasWithoutAnchorIsReportedAsASyntaxError() {
        assertThatThrownBy(() -> SafeYaml.readTree("a: *nowhere\n", "f.yaml"))
                .isInstanceOf(InputFileException.class)
                .satisfies(e -> assertThat(e.getMessage()).startsWith("f.yaml:1: ").contains("nowhere"));
    }

    @Test
    void emptyInputIsAnError() {
        assertThatThrownBy(() -> SafeYaml.readTree("# only a comment\n", "f.yaml"))
                .isInstanceOf(InputFileException.class)
                .hasMessage("f.yaml: is empty");
    }

    @Test
    void jsonIsDetected() throws Exception {
        assertThat(SafeYaml.looksLikeJson("  \n{\"a\":1}")).isTrue();
        assertThat(SafeYaml.looksLikeJson("- a")).isFalse();
        assertThat(SafeYaml.readTree("{\"a\": [1, 2]}", "f.json").path("a").size()).isEqualTo(2);
    }

    @Test
    void filesOverTheCapAreRefusedBeforeReading(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("big.yaml");
        Files.writeString(file, "a: " + "x".repeat(100) + "\n");

        assertThatThrownBy(() -> SafeYaml.readText(file, 50))
                .isInstanceOf(InputFileException.class)
                .hasMessage(file + ": file is 104 bytes, larger than the limit of 50 bytes");
        assertThat(SafeYaml.readText(file, 1000)).startsWith("a: xxx");
    }

    @Test
    void nonUtf8AndDirectoriesAreRefused(@TempDir Path dir) throws Exception {
        Path latin1 = dir.resolve("latin1.yaml");
        Files.write(latin1, new byte[] {'a', ':', ' ', (byte) 0xE9, '\n'});

        assertThatThrownBy(() -> SafeYaml.readText(latin1, 1000)).hasMessage(latin1 + ": is not UTF-8 text");
        assertThatThrownBy(() -> SafeYaml.readText(dir, 1000)).hasMessage(dir + ": is a directory, not a regular file");
    }
}
