package dev.bundlectl.render;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.Bundle;
import dev.bundlectl.bundle.BundleReadResult;
import dev.bundlectl.bundle.read.BundleReader;
import dev.bundlectl.bundle.Manifest;
import dev.bundlectl.bundle.testing.TestBundles;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/** Bundles, CSVs and outcome accessors shared by the rendering tests. */
final class RenderFixtures {

    static final String NS = "operators";

    private RenderFixtures() {
    }

    /** The repository root ({@code bundlectl.repoRoot}, set by surefire). */
    static Path repoRoot() {
        return Path.of(System.getProperty("bundlectl.repoRoot", "..")).toAbsolutePath().normalize();
    }

    /** A bundle under {@code samples/bundles/}. */
    static Bundle sample(String name) {
        return read(repoRoot().resolve("samples/bundles").resolve(name));
    }

    /** A bundle under {@code testdata/render/}. */
    static Bundle fixture(String name) {
        return read(repoRoot().resolve("testdata/render").resolve(name));
    }

    static Bundle read(Path dir) {
        BundleReadResult result = new BundleReader().read(dir);
        assertThat(result.bundle()).as(dir + ": " + result.diagnostics().errors()).isPresent();
        return result.bundle().get();
    }

    /** A CSV manifest from YAML. */
    static Manifest csv(String yaml) {
        return TestBundles.manifest("manifests/test.clusterserviceversion.yaml", yaml);
    }

    /** Renders a CSV alone (no other bundle manifests). */
    static RenderOutcome render(Manifest csv, RenderRequest request) {
        return new CsvRenderer().render(csv, List.of(csv), request);
    }

    static RenderRequest request(InstallModeType mode, List<String> targets, CertProvider provider) {
        return new RenderRequest(NS, mode, targets, provider);
    }

    static RenderOutcome.Rendered rendered(RenderOutcome outcome) {
        assertThat(outcome).as(() -> outcome instanceof RenderOutcome.Refused
                ? ((RenderOutcome.Refused) outcome).problems().toString() : "").isInstanceOf(RenderOutcome.Rendered.class);
        return (RenderOutcome.Rendered) outcome;
    }

    static List<RenderProblem> refused(RenderOutcome outcome) {
        assertThat(outcome).isInstanceOf(RenderOutcome.Refused.class);
        return ((RenderOutcome.Refused) outcome).problems();
    }

    /** The rendered objects of this kind. */
    static List<RenderedObject> ofKind(RenderOutcome.Rendered rendered, String kind) {
        return rendered.objects().stream().filter(o -> o.kind().equals(kind)).toList();
    }

    static RenderedObject only(RenderOutcome.Rendered rendered, String kind) {
        List<RenderedObject> found = ofKind(rendered, kind);
        assertThat(found).as(kind).hasSize(1);
        return found.get(0);
    }

    /** {@code Kind namespace/name} of every object, in order. */
    static List<String> summary(RenderOutcome.Rendered rendered) {
        return rendered.objects().stream()
                .map(o -> o.kind() + " " + (o.namespace() == null ? "" : o.namespace() + "/") + o.name())
                .collect(Collectors.toList());
    }

    /** The outcome as one tree: install mode, objects and patched CRDs (what the golden files hold). */
    static ObjectNode tree(RenderOutcome.Rendered rendered) {
        ObjectNode tree = JsonNodeFactory.instance.objectNode();
        ObjectNode mode = tree.putObject("installMode");
        mode.put("type", rendered.installMode().type().wireName());
        mode.put("operatorNamespace", rendered.installMode().operatorNamespace());
        ArrayNode targets = mode.putArray("targetNamespaces");
        rendered.installMode().targetNamespaces().forEach(targets::add);
        ArrayNode objects = tree.putArray("objects");
        rendered.objects().forEach(o -> objects.add(o.body()));
        ObjectNode crds = tree.putObject("patchedCrds");
        rendered.patchedCrds().entrySet().stream().sorted(java.util.Map.Entry.comparingByKey())
                .forEach(e -> crds.set(e.getKey(), e.getValue()));
        return tree;
    }

    /** The text at this JSON pointer. */
    static String at(RenderedObject object, String pointer) {
        JsonNode node = object.body().at(pointer);
        assertThat(node.isMissingNode()).as(object.kind() + " " + pointer).isFalse();
        return node.asText();
    }
}
