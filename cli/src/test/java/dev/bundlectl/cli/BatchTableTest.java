package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.bundlectl.plan.model.DependencyState;
import dev.bundlectl.plan.model.PlanDependency;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The batch table printed in chunks: one header, every row in order, columns that only widen. */
class BatchTableTest {

    @Test
    void aLongBatchPrintsInChunksWithOneHeaderAndColumnsThatOnlyWiden() {
        StringWriter text = new StringWriter();
        BatchTable table = new BatchTable(new PrintWriter(text));
        BatchTally tally = new BatchTally();
        int bundles = BatchTable.CHUNK_ROWS * 2 + 7;
        for (int i = 0; i < bundles; i++) {
            // The second chunk holds a longer path than any of the first.
            String path = i == BatchTable.CHUNK_ROWS + 3 ? "catalog/a-much-longer-operator-name/1.0.0" : "catalog/op/" + i;
            BundleSummary summary = new BundleSummary(path, "op", "op.v" + i, BatchVerdict.INSTALLABLE, List.of(),
                    List.of());
            table.bundle(new BatchResult(summary, 1));
            tally.add(summary);
            if (i == BatchTable.CHUNK_ROWS) {
                assertThat(text.toString().lines().count()).as("the first chunk is out while the batch goes on")
                        .isEqualTo(BatchTable.CHUNK_ROWS + 1);
            }
        }
        table.finish(tally);

        List<String> lines = text.toString().lines().toList();
        assertThat(lines.stream().filter(line -> line.startsWith("PATH"))).hasSize(1);
        List<String> rows = lines.subList(1, bundles + 1);
        for (int i = 0; i < bundles; i++) {
            assertThat(rows.get(i)).startsWith(i == BatchTable.CHUNK_ROWS + 3 ? "catalog/a-much-longer" : "catalog/op/" + i + " ");
        }
        int firstChunkColumn = rows.get(0).indexOf("op ");
        int secondChunkColumn = rows.get(BatchTable.CHUNK_ROWS).indexOf("op ");
        assertThat(secondChunkColumn).isGreaterThan(firstChunkColumn);
        assertThat(rows.get(bundles - 1).indexOf("op ")).as("the third chunk keeps the widest so far")
                .isEqualTo(secondChunkColumn);
        assertThat(text.toString()).contains(bundles + " bundles: " + bundles + " installable");
    }

    @Test
    void eachRowAndJsonLineSaysWhatTheBundleDependsOn() {
        List<PlanDependency> dependencies = List.of(
                new PlanDependency("olm.package", "zookeeper", "23.4.1", null, null, null, DependencyState.UNKNOWN,
                        "not checked: the plan was made offline"),
                new PlanDependency("olm.gvk", null, null, "", "v1", "ConfigMap", DependencyState.SATISFIED, "served"),
                new PlanDependency("olm.package", "commons", "1.x", null, null, null, DependencyState.UNKNOWN, null));
        BundleSummary summary = new BundleSummary("catalog/kafka/23.4.1", "kafka", "kafka.v23.4.1",
                BatchVerdict.INSTALLABLE, List.of(), List.of(), dependencies);

        assertThat(BatchTable.dependencies(dependencies)).isEqualTo("3 (1 Satisfied, 2 Unknown)");
        assertThat(BatchTable.dependencies(List.of())).isEqualTo("-");
        assertThat(BatchJsonLines.line(new BatchResult(summary, 12))).isEqualTo("{\"path\":\"catalog/kafka/23.4.1\","
                + "\"package\":\"kafka\",\"csv\":\"kafka.v23.4.1\",\"verdict\":\"installable\",\"reasons\":[],"
                + "\"dependencies\":[{\"dependency\":\"package zookeeper 23.4.1\",\"status\":\"Unknown\"},"
                + "{\"dependency\":\"API v1 ConfigMap\",\"status\":\"Satisfied\"},"
                + "{\"dependency\":\"package commons 1.x\",\"status\":\"Unknown\"}],\"ms\":12}");
    }
}
