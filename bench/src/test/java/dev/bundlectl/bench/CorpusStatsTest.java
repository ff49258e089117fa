package dev.bundlectl.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CorpusStatsTest {

    @TempDir
    Path corpus;

    @Test
    void countsBundlesFilesAndBytesOfTheFilesBenchmarked() {
        TestCorpus.write(corpus.resolve("dev/alpha/1.0/manifests/csv.yaml"), "0123456789");
        TestCorpus.write(corpus.resolve("dev/alpha/1.0/metadata/annotations.yaml"), "01234");
        TestCorpus.write(corpus.resolve("dev/alpha/1.0/manifests/notes.txt"), "not counted");
        TestCorpus.write(corpus.resolve("dev/_extra/beta/2.0/manifests/crd.yml"), "012");

        assertThat(CorpusStats.of(BenchCorpus.scan(corpus))).isEqualTo(new CorpusStats(2, 3, 18));
    }

    @Test
    void convertsMillisecondsPerPassIntoBundlesAndMegabytesPerSecond() {
        CorpusStats stats = new CorpusStats(150, 1400, 30_000_000);

        // One pass in 2 s: 75 bundles/s and 15 MB/s.
        assertThat(stats.bundlesPerSecond(2000)).isCloseTo(75.0, within(1e-9));
        assertThat(stats.megabytesPerSecond(2000)).isCloseTo(15.0, within(1e-9));
        assertThat(stats.megabytes()).isCloseTo(30.0, within(1e-9));
    }
}
