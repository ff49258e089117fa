package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import com.github.difflib.patch.PatchFailedException;
import dev.bundlectl.executor.diff.DiffYaml;
import dev.bundlectl.executor.diff.ObjectNormalisation;
import dev.bundlectl.executor.ownership.InstallOwner;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code plan --kubeconfig … -o diff} on a real API server, for the sample's upgrade from 0.3.1 to
 * 0.4.0 in render mode, checked against {@code kubectl diff --server-side} of the same objects
 * (kubectl 1.27 from ../shared): for every object either tool finds changed, the same field paths
 * change, once the fields the server sets on every write are left out. The paths of bundlectl's
 * side are read from its printed diff itself, by applying each file's hunks to the live object, so
 * the text is what is checked. A Secret's values, old and new, never appear.
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerPlanDiffTest {

    private static final ObjectMapper YAML = new YAMLMapper();
    private static final String PACKAGE = "cachebox-operator";
    private static final String V040 = "samples/bundles/cachebox-operator-v0.4.0";
    /** What the server sets on every write; this test's own list, the same rule as the feature's. */
    private static final Set<String> SERVER_SET = Set.of("metadata.managedFields", "metadata.resourceVersion",
            "metadata.generation", "metadata.uid", "metadata.creationTimestamp", "metadata.selfLink", "status");

    @Test
    void theUpgradesDiffChangesTheFieldsKubectlDiffChangesAndNothingElse(
            @RealApiServerExtension.Served(RealApiServer.Flavour.OLM) RealApiServer server, @TempDir Path dir)
            throws Exception {
        RealCluster cluster = RealCluster.in(server, "plan-diff");
        String ns = cluster.namespace();
        CliRun installed = cluster.run("install", RealCluster.sample(), "-n", ns, "--csv-mode", "render");
        assertThat(installed.exitCode()).as(installed.toString()).isZero();

        CliRun diff = cluster.run("plan", TestPaths.arg(V040), "-n", ns, "--csv-mode", "render", "-o", "diff");

        assertThat(diff.exitCode()).as(diff.toString()).isZero();
        Map<String, List<String>> files = files(diff.out());
        Map<String, Set<String>> ours = new TreeMap<>();
        Map<String, Set<String>> kubectls = new TreeMap<>();
        Map<String, JsonNode[]> kubectlSides = kubectlDiff(server, dir, updatedObjects(cluster, ns));
        kubectlSides.forEach((name, sides) -> {
            Set<String> changed = changedPaths(sides[0], sides[1]);
            if (!changed.isEmpty()) {
                kubectls.put(name, changed);
            }
        });
        for (Map.Entry<String, List<String>> file : files.entrySet()) {
            if (file.getKey().equals("v1.ConfigMap." + ns + ".cachebox-defaults")) {
                continue;
            }
            JsonNode[] sides = kubectlSides.get(file.getKey());
            assertThat(sides).as("kubectl diff has %s", file.getKey()).isNotNull();
            ours.put(file.getKey(), changedPaths(sides[0], patched(sides[0], file.getValue())));
        }

        assertThat(ours).isEqualTo(kubectls);
        assertThat(ours.get("apps.v1.Deployment." + ns + ".cachebox-operator"))
                .contains("spec.template.spec.containers.0.image");
        assertThat(ours.keySet()).as("nothing the upgrade leaves as it is")
                .noneMatch(name -> name.contains("CustomResourceDefinition") || name.contains(".Service.")
                        || name.contains(".Secret.") || name.contains(".Role."));
        assertThat(diff.out()).contains("--- live/v1.ConfigMap." + ns + ".cachebox-defaults\n+++ /dev/null\n")
                .contains("-  default-memory: 256Mi");
        assertThat(diff.err()).contains("diff: " + ours.size() + " changed, 1 deleted, ");

        CliRun brief = cluster.run("plan", TestPaths.arg(V040), "-n", ns, "--csv-mode", "render", "-o", "diff",
                "--diff-brief");
        assertThat(brief.exitCode()).as(brief.toString()).isZero();
        assertThat(brief.out()).contains("- ConfigMap " + ns + "/cachebox-defaults (deleted)\n")
                .doesNotContain("default-memory");
    }

    @Test
    void aSecretsValuesNeverAppearOnlyThatTheyChanged(
            @RealApiServerExtension.Served(RealApiServer.Flavour.OLM) RealApiServer server, @TempDir Path dir)
            throws Exception {
        RealCluster cluster = RealCluster.in(server, "plan-diff-secret");
        String ns = cluster.namespace();
        CliRun installed = cluster.run("install", RealCluster.sample(), "-n", ns, "--csv-mode", "render");
        assertThat(installed.exitCode()).as(installed.toString()).isZero();
        Path bundle = copy(Path.of(TestPaths.arg(V040)), dir.resolve("bundle"));
        Path secret = bundle.resolve("manifests/cachebox-license_v1_secret.yaml");
        Files.writeString(secret, Files.readString(secret).replace("CBX-SAMPLE-0000-0000-0000",
                "CBX-NEWKEY-1111-2222-3333"));

        CliRun diff = cluster.run("plan", bundle.toString(), "-n", ns, "--csv-mode", "render", "-o", "diff");
        String fresh = cluster.server().newNamespace("plan-diff-fresh");
        CliRun created = cluster.run("plan", bundle.toString(), "-n", fresh, "--csv-mode", "render", "-o", "diff");

        assertThat(diff.exitCode()).as(diff.toString()).isZero();
        assertThat(diff.out()).contains("--- live/v1.Secret." + ns + ".cachebox-license\n")
                .contains("-  license-key: (redacted)\n+  license-key: (redacted; changed)\n")
                .doesNotContain("edition: (redacted; changed)");
        assertThat(created.exitCode()).as(created.toString()).isZero();
        assertThat(created.out()).contains("+++ planned/v1.Secret." + fresh + ".cachebox-license\n")
                .contains("+  edition: (redacted)\n", "+  license-key: (redacted)\n");
        for (CliRun run : List.of(diff, created)) {
            for (String value : List.of("CBX-SAMPLE-0000-0000-0000", "CBX-NEWKEY-1111-2222-3333", "community")) {
                assertThat(run.out() + run.err()).doesNotContain(value)
                        .doesNotContain(Base64.getEncoder().encodeToString(value.getBytes(StandardCharsets.UTF_8)));
            }
        }
    }

    /** The objects the install sends for its Update steps, as it sends them (an apply carries no owner list). */
    private static List<JsonNode> updatedObjects(RealCluster cluster, String ns) throws IOException {
        CliRun plan = cluster.run("plan", TestPaths.arg(V040), "-n", ns, "--csv-mode", "render", "-o", "json");
        assertThat(plan.exitCode()).as(plan.toString()).isZero();
        List<JsonNode> objects = new ArrayList<>();
        for (JsonNode step : RealCluster.json(plan).path("status").path("plan")) {
            // A plan document redacts Secret values, so a Secret's manifest there is not what is sent.
            if ("Update".equals(step.path("action").asText()) && !"Secret".equals(step.at("/resource/kind").asText())) {
                ObjectNode object = (ObjectNode) new ObjectMapper().readTree(step.at("/resource/manifest").asText());
                // A bundle's namespaced object may name no namespace: the install sends it to the step's
                // (in the request's path).
                String namespace = step.at("/resource/namespace").asText("");
                if (!namespace.isEmpty()) {
                    ((ObjectNode) object.get("metadata")).put("namespace", namespace);
                }
                objects.add(object);
            }
        }
        assertThat(objects).isNotEmpty();
        return objects;
    }

    /**
     * {@code kubectl diff --server-side} of {@code objects}, applied as the install's field manager:
     * by kubectl's file name, the live object and the merged one, as kubectl's diff program is given
     * them (a script that copies them out).
     */
    private static Map<String, JsonNode[]> kubectlDiff(RealApiServer server, Path dir, List<JsonNode> objects)
            throws Exception {
        Path manifests = dir.resolve("objects.yaml");
        StringBuilder text = new StringBuilder();
        for (JsonNode object : objects) {
            text.append("---\n").append(YAML.writeValueAsString(object).replaceFirst("^---\n", ""));
        }
        Files.writeString(manifests, text);
        Path copies = Files.createDirectories(dir.resolve("kubectl"));
        Path script = dir.resolve("copy-out.sh");
        Files.writeString(script, "#!/bin/sh\ncp -r \"$1\" " + copies.resolve("live") + " && cp -r \"$2\" "
                + copies.resolve("merged") + "\n");
        script.toFile().setExecutable(true);
        String ns = objects.stream().map(object -> object.at("/metadata/namespace").asText()).filter(n -> !n.isEmpty())
                .findFirst().orElseThrow();
        ProcessBuilder kubectl = new ProcessBuilder(RealApiServer.requireBinaries().resolve("kubectl").toString(),
                "--kubeconfig", server.kubeconfig().toString(), "diff", "--server-side",
                "--field-manager=" + new InstallOwner(ns, PACKAGE).fieldManager(), "-f", manifests.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("kubectl.log").toFile());
        kubectl.environment().put("KUBECTL_EXTERNAL_DIFF", script.toString());
        Process process = kubectl.start();
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("kubectl finished").isTrue();
        assertThat(process.exitValue()).as(Files.readString(dir.resolve("kubectl.log"))).isZero();
        Map<String, JsonNode[]> sides = new TreeMap<>();
        try (Stream<Path> live = Files.list(copies.resolve("live"))) {
            for (Path file : live.toList()) {
                String name = file.getFileName().toString();
                sides.put(name, new JsonNode[] {YAML.readTree(file.toFile()),
                        YAML.readTree(copies.resolve("merged").resolve(name).toFile())});
            }
        }
        return sides;
    }

    /** bundlectl's diff text by file: each file's lines from its {@code ---} header on, named by its object. */
    private static Map<String, List<String>> files(String diff) {
        Map<String, List<String>> files = new LinkedHashMap<>();
        List<String> current = null;
        for (String line : diff.split("\n")) {
            if (line.startsWith("--- ")) {
                current = new ArrayList<>();
                String from = line.substring(4);
                files.put(from.equals("/dev/null") ? "created" : from.substring("live/".length()), current);
            }
            current.add(line);
        }
        return files;
    }

    /** {@code live} as the lines of one file of bundlectl's diff change it. */
    private static JsonNode patched(JsonNode live, List<String> file) throws IOException, PatchFailedException {
        List<String> base = DiffYaml.lines(ObjectNormalisation.normalised(live));
        List<String> after = DiffUtils.patch(base, UnifiedDiffUtils.parseUnifiedDiff(file));
        return YAML.readTree(String.join("\n", after));
    }

    /** The leaf paths ({@code a.b.0.c}) whose values differ between two objects, server-set ones left out. */
    static Set<String> changedPaths(JsonNode before, JsonNode after) {
        Set<String> paths = new TreeSet<>();
        collect("", before, after, paths);
        paths.removeIf(path -> SERVER_SET.stream().anyMatch(set -> path.equals(set) || path.startsWith(set + ".")));
        return paths;
    }

    private static void collect(String path, JsonNode before, JsonNode after, Set<String> paths) {
        if (before != null && after != null && before.isContainerNode() && after.isContainerNode()
                && before.getNodeType() == after.getNodeType()) {
            Set<String> keys = new TreeSet<>();
            keys.addAll(keys(before));
            keys.addAll(keys(after));
            for (String key : keys) {
                collect(path.isEmpty() ? key : path + "." + key, child(before, key), child(after, key), paths);
            }
        } else if (before == null || after == null || !before.equals(after)) {
            paths.add(path);
        }
    }

    private static List<String> keys(JsonNode node) {
        List<String> keys = new ArrayList<>();
        if (node.isArray()) {
            for (int index = 0; index < node.size(); index++) {
                keys.add(String.valueOf(index));
            }
        } else {
            for (Iterator<String> names = node.fieldNames(); names.hasNext();) {
                keys.add(names.next());
            }
        }
        return keys;
    }

    private static JsonNode child(JsonNode node, String key) {
        return node.isArray() ? node.get(Integer.parseInt(key)) : node.get(key);
    }

    private static Path copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path file : files.toList()) {
                Path target = to.resolve(from.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(file, target);
                }
            }
        }
        return to;
    }
}
