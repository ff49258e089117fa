package dev.bundlectl.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.read.BundleReader;
import dev.bundlectl.crdschema.upgrade.CrdUpgradeSafety;
import dev.bundlectl.crdschema.upgrade.UpgradeFinding;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the CRD upgrade safety check costs an install that updates a CRD: one
 * {@code CrdUpgradeSafety.findings(live, planned)} of the dev corpus's largest CRD (by its JSON),
 * as an install makes it, both CRDs read into shapes and compared, against the same CRD with a
 * description changed everywhere (nothing found: the whole schema walked) and with one field
 * removed deep in it (one finding).
 *
 * <p>Sized for the shared 2-core machine: one fork, 3 × 3 s warm-up, 5 × 3 s measurement.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 3, timeUnit = TimeUnit.SECONDS)
@Measurement(iterations = 5, time = 3, timeUnit = TimeUnit.SECONDS)
public class CrdUpgradeSafetyBenchmark {

    /** The corpus directory, as {@link PlanningBenchmark}'s. */
    @Param("")
    public String corpus;

    private JsonNode live;
    private JsonNode reworded;
    private JsonNode fieldRemoved;

    /** Finds the largest CRD and makes its two updates, outside the measurement. */
    @Setup(Level.Trial)
    public void largestCrd() {
        BenchCorpus bundles = BenchCorpus.scan(CorpusLocation.resolve(corpus));
        Manifest largest = null;
        int largestSize = 0;
        for (Path dir : bundles.bundleDirs()) {
            List<Manifest> manifests = new BundleReader().read(dir).bundle().map(bundle -> bundle.manifests())
                    .orElse(List.of());
            for (Manifest manifest : manifests) {
                int size = manifest.body().toString().length();
                if (manifest.groupKind().isCrd() && size > largestSize) {
                    largest = manifest;
                    largestSize = size;
                }
            }
        }
        if (largest == null) {
            throw new IllegalStateException("no CRD in " + bundles.root());
        }
        live = largest.body();
        reworded = live.deepCopy();
        reword(reworded);
        fieldRemoved = live.deepCopy();
        String removed = removeDeepest((ObjectNode) fieldRemoved.path("spec").path("versions").path(0).path("schema")
                .path("openAPIV3Schema"), "");
        System.out.printf("(CRD %s: %d bytes of JSON; removed %s) ", largest.name(), largestSize, removed);
    }

    /** The check of an update that changes only descriptions: every node compared, nothing found. */
    @Benchmark
    public List<UpgradeFinding> descriptionsChanged() {
        return CrdUpgradeSafety.findings(live, reworded);
    }

    /** The check of an update that removes one field deep in the schema. */
    @Benchmark
    public List<UpgradeFinding> oneFieldRemoved() {
        return CrdUpgradeSafety.findings(live, fieldRemoved);
    }

    private static void reword(JsonNode node) {
        if (node instanceof ObjectNode object) {
            if (object.path("description").isTextual()) {
                object.put("description", object.path("description").asText() + " (reworded)");
            }
            object.forEach(CrdUpgradeSafetyBenchmark::reword);
        } else if (node.isArray()) {
            node.forEach(CrdUpgradeSafetyBenchmark::reword);
        }
    }

    /** Removes the first property of the deepest first-property chain; answers its path. */
    private static String removeDeepest(ObjectNode schema, String path) {
        JsonNode properties = schema.path("properties");
        if (!(properties instanceof ObjectNode fields) || fields.isEmpty()) {
            return path;
        }
        String first = fields.fieldNames().next();
        JsonNode child = fields.get(first);
        if (child instanceof ObjectNode nested && nested.path("properties") instanceof ObjectNode more && !more.isEmpty()) {
            return removeDeepest(nested, path + "." + first);
        }
        fields.remove(first);
        return path + "." + first;
    }
}
