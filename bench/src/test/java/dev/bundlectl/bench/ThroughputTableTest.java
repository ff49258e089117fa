package dev.bundlectl.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class ThroughputTableTest {

    private static final CorpusStats STATS = new CorpusStats(100, 1000, 20_000_000);
    private static final Path CORPUS = Path.of("/corpus");

    @Test
    void printsThroughputAllocationAndRatios() {
        List<BenchmarkFigures> figures = List.of(
                new BenchmarkFigures(ThroughputTable.PLAN, 2000, 40, 3_000_000_000.0),
                new BenchmarkFigures(ThroughputTable.READ, 1000, 10, 2_000_000_000.0),
                new BenchmarkFigures(ThroughputTable.PARSE, 500, 5, 1_000_000_000.0));

        List<String> lines = ThroughputTable.lines(CORPUS, STATS, figures);

        assertThat(lines.get(0)).isEqualTo("corpus /corpus: 100 bundles, 1000 files, 20.0 MB (1 MB = 10^6 bytes)");
        // 100 bundles in 2 s = 50 bundles/s; 20 MB in 2 s = 10 MB/s; 3000 MB per pass = 30 MB per bundle.
        assertThat(lines).anySatisfy(line -> assertThat(line.split("\\s+"))
                .containsExactly("planCorpus", "2000.0", "±", "40.0", "50.0", "10.0", "3000.00", "30.00"));
        assertThat(lines).anySatisfy(line -> assertThat(line.split("\\s+"))
                .containsExactly("parseYamlOnly", "500.0", "±", "5.0", "200.0", "40.0", "1000.00", "10.00"));
        assertThat(lines).contains(
                "plan / parse-only: 4.00x the time",
                "read / parse-only: 2.00x the time",
                "plan / read-only:  2.00x the time");
    }

    @Test
    void leavesOutRatiosWhoseSideDidNotRunAndAllocationWithoutTheProfiler() {
        List<BenchmarkFigures> figures = List.of(new BenchmarkFigures(ThroughputTable.PLAN, 1000, Double.NaN, Double.NaN));

        List<String> lines = ThroughputTable.lines(CORPUS, STATS, figures);

        assertThat(lines).noneMatch(line -> line.contains("x the time"));
        assertThat(lines).anySatisfy(line -> assertThat(line.split("\\s+"))
                .containsExactly("planCorpus", "1000.0", "100.0", "20.0", "-", "-"));
        assertThat(ThroughputTable.ratio(figures, ThroughputTable.PLAN, ThroughputTable.PARSE)).isEmpty();
    }

    @Test
    void rejectsANonPositiveTimeSoThatRatesStayFinite() {
        assertThatThrownBy(() -> new BenchmarkFigures(ThroughputTable.PLAN, 0, 0, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("planCorpus");
    }
}
