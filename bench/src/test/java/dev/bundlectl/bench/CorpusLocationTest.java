package dev.bundlectl.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CorpusLocationTest {

    @TempDir
    Path dir;

    @Test
    void takesAnExplicitPathOverThePropertyAndDefault() {
        TestCorpus.write(dir.resolve("dev/alpha/1.0/manifests/csv.yaml"), "kind: X\n");

        assertThat(CorpusLocation.resolve(dir.toString())).isEqualTo(dir.toAbsolutePath().normalize());
    }

    @Test
    void rejectsADirectoryWithoutDevNamingItAndTheProperty() {
        assertThatThrownBy(() -> CorpusLocation.resolve(dir.toString()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(dir.toString())
                .hasMessageContaining("dev/")
                .hasMessageContaining("-Dbundlectl.corpus=");
    }
}
