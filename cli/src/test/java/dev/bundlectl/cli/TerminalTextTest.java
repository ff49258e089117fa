package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link TerminalText}: what a bundle's text may not do to a terminal. */
class TerminalTextTest {

    @Test
    void bidiControlsAndControlCharactersAreShownEscaped() {
        assertThat(TerminalText.safe("cfg\u202egnp.exe")).isEqualTo("cfg\\u202egnp.exe");
        assertThat(TerminalText.safe("a\u2066b\u2069c\u200f")).isEqualTo("a\\u2066b\\u2069c\\u200f");
        assertThat(TerminalText.safe("title\u001b]0;pwned\u0007")).isEqualTo("title\\u001b]0;pwned\\u0007");
    }

    @Test
    void ordinaryTextIncludingOtherScriptsAndTabsIsUnchanged() {
        String text = "ConfigMap \"données\" 設定 \tok — fine";
        assertThat(TerminalText.safe(text)).isSameAs(text);
        assertThat(TerminalText.safe(null)).isNull();
    }

    @Test
    void aPlanOfABundleWithABidiNameShowsTheNameEscapedEverywhereAPersonReadsIt(@TempDir Path dir) throws IOException {
        Path bundle = SampleCopies.plain(dir.resolve("bundle"));
        Files.writeString(bundle.resolve("manifests/bidi.yaml"),
                "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: \"cfg\u202egnp.exe\"}\n");

        CliRun plan = CliRun.of("plan", bundle.toString());

        assertThat(plan.exitCode()).as(plan.toString()).isEqualTo(ExitCode.PLAN_FAILED);
        assertThat(plan.out() + plan.err()).doesNotContain("\u202e").contains("cfg\\u202egnp.exe");
    }
}
