package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.testing.SharedCorpus;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The same bundle, the same objects: for every bundle of the dev corpus that {@code plan} finds
 * installable, in both CSV modes, {@code template} prints exactly the objects the plan sends (each
 * step that is not left {@code NotCreated}), in plan order, with the plan's content, in one
 * process. Only what each side adds of its own is set aside: the template's
 * {@code app.kubernetes.io} name, version and managed-by labels, and the plan output's redaction
 * of Secret values.
 */
class TemplateCorpusTest {

    private static final com.fasterxml.jackson.dataformat.yaml.YAMLMapper YAML =
            new com.fasterxml.jackson.dataformat.yaml.YAMLMapper();
    private static final Set<String> TEMPLATE_LABELS = Set.of("app.kubernetes.io/name", "app.kubernetes.io/version",
            "app.kubernetes.io/managed-by");

    @ParameterizedTest
    @ValueSource(strings = {"olm", "render"})
    void everyInstallableBundleTemplatesToThePlansObjects(String mode) throws Exception {
        int installable = 0;
        int checked = 0;
        List<String> mismatches = new ArrayList<>();
        for (var bundle : SharedCorpus.devBundleDirs()) {
            CliRun plan = CliRun.of("plan", bundle.toString(), "-n", "corpus", "--csv-mode", mode, "-o", "json");
            CliRun template = CliRun.of("template", bundle.toString(), "-n", "corpus", "--csv-mode", mode);
            if (plan.exitCode() != ExitCode.OK) {
                assertThat(template.exitCode()).as(SharedCorpus.devName(bundle) + ": plan exits " + plan.exitCode())
                        .isEqualTo(plan.exitCode());
                continue;
            }
            installable++;
            assertThat(template.exitCode()).as(SharedCorpus.devName(bundle) + "\n" + template.err()).isZero();
            List<JsonNode> sent = new ArrayList<>();
            for (JsonNode step : RealCluster.json(plan).path("status").path("plan")) {
                if (!"NotCreated".equals(step.path("status").asText())) {
                    // An install sends each object to its step's namespace (none for a cluster-scoped one).
                    ObjectNode object = (ObjectNode) YAML.readTree(step.path("resource").path("manifest").asText());
                    String namespace = step.path("resource").path("namespace").asText("");
                    ObjectNode metadata = (ObjectNode) object.get("metadata");
                    if (namespace.isEmpty()) {
                        metadata.remove("namespace");
                    } else {
                        metadata.put("namespace", namespace);
                    }
                    sent.add(comparable(object));
                }
            }
            List<JsonNode> templated = TemplateCommandTest.objects(template.out()).stream()
                    .map(TemplateCorpusTest::comparable).toList();
            if (!templated.equals(sent)) {
                String first = "";
                for (int i = 0; i < Math.min(templated.size(), sent.size()); i++) {
                    if (!templated.get(i).equals(sent.get(i))) {
                        first = "; object " + i + " (" + sent.get(i).path("kind").asText() + ") differs at "
                                + difference(templated.get(i), sent.get(i), "");
                        break;
                    }
                }
                mismatches.add(SharedCorpus.devName(bundle) + ": " + templated.size() + " templated, " + sent.size()
                        + " sent" + first);
            }
            checked++;
        }
        System.out.println("[bundlectl] template corpus, csv-mode " + mode + ": " + installable
                + " installable bundles templated, " + checked + " compared with their plans");
        assertThat(installable).as("installable bundles in the dev corpus").isGreaterThan(50);
        assertThat(mismatches).as("bundles whose template differs from the plan's objects").isEmpty();
    }

    @org.junit.jupiter.api.Test
    void templateRecursiveTemplatesEveryInstallableBundleOfTheCorpusInOneRun(@org.junit.jupiter.api.io.TempDir
            java.nio.file.Path out) throws Exception {
        java.nio.file.Path corpus = SharedCorpus.dev();
        CliRun plan = CliRun.of("plan", "--recursive", corpus.toString(), "-o", "jsonl");
        long installable = plan.out().lines().filter(line -> line.contains("\"verdict\":\"installable\"")).count();

        CliRun run = CliRun.of("template", "--recursive", corpus.toString(), "-o", "dir=" + out);

        assertThat(run.exitCode()).as("the corpus holds invalid bundles on purpose, as plan --recursive says")
                .isEqualTo(plan.exitCode());
        long templated;
        try (var files = java.nio.file.Files.walk(out)) {
            templated = files.filter(file -> file.getFileName().toString().equals("kustomization.yaml")).count();
        }
        System.out.println("[bundlectl] template --recursive of the dev corpus: " + templated + " bundles templated, "
                + installable + " installable by plan --recursive");
        assertThat(templated).as("every bundle plan finds installable, templated").isEqualTo(installable)
                .isGreaterThan(50);
        assertThat(run.err()).contains(templated + " templated into " + out);
    }

    /** Where two trees first differ, as a path with both values. */
    private static String difference(JsonNode templated, JsonNode sent, String path) {
        if (templated.isObject() && sent.isObject()) {
            Set<String> names = new java.util.TreeSet<>();
            templated.fieldNames().forEachRemaining(names::add);
            sent.fieldNames().forEachRemaining(names::add);
            for (String name : names) {
                if (!templated.path(name).equals(sent.path(name))) {
                    return difference(templated.path(name), sent.path(name), path + "." + name);
                }
            }
        }
        String left = templated.toString();
        String right = sent.toString();
        return path + ": templated " + left.substring(0, Math.min(200, left.length())) + ", sent "
                + right.substring(0, Math.min(200, right.length()));
    }

    /** The object without what only one side adds: the template's labels, a Secret's values. */
    private static JsonNode comparable(JsonNode object) {
        ObjectNode copy = object.deepCopy();
        if (copy.path("metadata").path("labels") instanceof ObjectNode labels) {
            TEMPLATE_LABELS.forEach(labels::remove);
            if (labels.isEmpty()) {
                ((ObjectNode) copy.get("metadata")).remove("labels");
            }
        }
        if ("Secret".equals(copy.path("kind").asText())) {
            copy.remove(List.of("data", "stringData"));
        }
        return copy;
    }
}
