package dev.bundlectl.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.bundlectl.bundle.Bundle;
import dev.bundlectl.bundle.BundleReadResult;
import dev.bundlectl.bundle.read.BundleReader;
import dev.bundlectl.bundle.yaml.Mappers;
import dev.bundlectl.plan.InstallPlanner;
import dev.bundlectl.plan.PlanRequest;
import dev.bundlectl.plan.PlanResult;
import dev.bundlectl.plan.api.ApiSurfaces;
import dev.bundlectl.plan.config.ConfigRequest;
import dev.bundlectl.plan.output.InstallPlanCodec;
import dev.bundlectl.plan.output.SecretRedaction;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The work one benchmark operation does over the whole corpus, kept apart from JMH so that tests
 * can run it once and check what it did. Every result goes to a sink (JMH's {@code Blackhole}) so
 * the JIT cannot drop the work as unused.
 *
 * <p>Reading and planning build a new {@link BundleReader} and {@link InstallPlanner} per bundle,
 * exactly as {@code bundlectl plan} does for the one bundle it is given.
 */
public final class CorpusWorkloads {

    /** The namespace {@code bundlectl plan} uses when none is given. */
    static final String TARGET_NAMESPACE = "default";

    // A plain mapper with Jackson's defaults: the cheapest honest way to turn the same bytes into trees.
    private final ObjectReader plainYaml = Mappers.yaml().readerFor(JsonNode.class);

    /**
     * What {@code bundlectl plan -o yaml <dir>} does for each bundle: read, plan on the built-in
     * API surface, redact Secrets and write the plan as YAML.
     *
     * @return how many bundles were read without errors and so planned
     */
    public int planAll(BenchCorpus corpus, Consumer<Object> sink) {
        return planAll(corpus, sink, ConfigRequest.NONE);
    }

    /**
     * {@link #planAll(BenchCorpus, Consumer)} with an operator configuration, as
     * {@code bundlectl plan --config FILE} plans each bundle of a directory: merged into every CSV's
     * deployments (docs/operator-config.md).
     */
    public int planAll(BenchCorpus corpus, Consumer<Object> sink, ConfigRequest config) {
        int planned = 0;
        for (CorpusBundle each : corpus.bundles()) {
            BundleReadResult read = new BundleReader().read(each.dir());
            sink.accept(read.diagnostics());
            Optional<Bundle> bundle = read.bundle();
            if (bundle.isPresent()) {
                PlanRequest request = PlanRequest.of(TARGET_NAMESPACE, ApiSurfaces.builtIn(), each.dir().toString())
                        .withConfig(config);
                PlanResult result = new InstallPlanner().plan(bundle.get(), request);
                sink.accept(result.diagnostics());
                sink.accept(InstallPlanCodec.toYaml(SecretRedaction.redact(result.plan())));
                planned++;
            }
        }
        return planned;
    }

    /**
     * Only reads each bundle (parse, validate, build the model), to split reading from planning.
     *
     * @return how many bundles were read without errors
     */
    public int readAll(BenchCorpus corpus, Consumer<Object> sink) {
        int read = 0;
        for (CorpusBundle each : corpus.bundles()) {
            BundleReadResult result = new BundleReader().read(each.dir());
            sink.accept(result);
            if (result.bundle().isPresent()) {
                read++;
            }
        }
        return read;
    }

    /**
     * The baseline: parses every file the reader would open into Jackson trees with a plain
     * {@link YAMLMapper} (multi-document aware), and nothing else. A file that does not parse
     * (the corpus has deliberately malformed ones) stops at its first error, which is consumed too.
     *
     * @return how many documents were parsed
     */
    public int parseAll(BenchCorpus corpus, Consumer<Object> sink) {
        int documents = 0;
        for (CorpusBundle each : corpus.bundles()) {
            for (Path file : each.files()) {
                documents += parse(file, sink);
            }
        }
        return documents;
    }

    private int parse(Path file, Consumer<Object> sink) {
        int documents = 0;
        try (MappingIterator<JsonNode> values = plainYaml.readValues(file.toFile())) {
            while (values.hasNextValue()) {
                sink.accept(values.nextValue());
                documents++;
            }
        } catch (IOException | RuntimeException e) {
            // Jackson reports bad YAML as IOException, and some SnakeYAML failures as unchecked
            // exceptions out of hasNextValue(); either way the file is done.
            sink.accept(e);
        }
        return documents;
    }
}
