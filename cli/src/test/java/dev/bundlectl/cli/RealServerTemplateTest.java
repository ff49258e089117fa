package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.executor.testing.RealApiServerExtension.Served;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bundlectl template} applied with {@code kubectl apply --server-side} on a real
 * kube-apiserver yields, object by object, what {@code bundlectl install} writes in another
 * namespace.
 */
@ExtendWith(RealApiServerExtension.class)
@Tag(RealApiServer.SMOKE_ON_OLDEST)
class RealServerTemplateTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void templateAppliedByKubectlEqualsWhatInstallWrites(@Served(RealApiServer.Flavour.PLAIN) RealApiServer server,
            @TempDir Path dir) throws Exception {
        RealCluster installed = RealCluster.in(server, "tpl-install");
        RealCluster applied = RealCluster.in(server, "tpl-applied");
        CliRun install = installed.run("install", RealCluster.sample(), "-n", installed.namespace(),
                "--csv-mode", "render");
        assertThat(install.exitCode()).as(install.toString()).isZero();

        CliResult templateB = Cli.run("template", RealCluster.sample(), "-n", applied.namespace(), "--csv-mode",
                "render");
        assertThat(templateB.exitCode()).as(templateB.err()).isZero();
        Path stream = dir.resolve("template.yaml");
        Files.writeString(stream, templateB.out(), StandardCharsets.UTF_8);
        kubectl(server, dir, "apply", "--server-side", "-f", stream.toString());

        // The same plan into the install's namespace names the install's objects in the same order.
        List<JsonNode> forInstalled = TemplateCommandTest.objects(Cli.run("template", RealCluster.sample(), "-n",
                installed.namespace(), "--csv-mode", "render").out());
        List<JsonNode> forApplied = TemplateCommandTest.objects(templateB.out());
        assertThat(forApplied).hasSameSizeAs(forInstalled).hasSizeGreaterThan(10);
        // Names derived from the namespace (rendered cluster roles) differ; each is written as its counterpart.
        Map<String, String> renames = new HashMap<>(Map.of(installed.namespace(), applied.namespace()));
        for (int i = 0; i < forApplied.size(); i++) {
            renames.put(name(forInstalled.get(i)), name(forApplied.get(i)));
        }
        for (int i = 0; i < forApplied.size(); i++) {
            JsonNode fromInstall = content(live(installed, forInstalled.get(i)), renames);
            JsonNode fromTemplate = content(live(applied, forApplied.get(i)), Map.of());
            assertThat(fromTemplate).as(forApplied.get(i).path("kind").asText() + "/"
                    + forApplied.get(i).path("metadata").path("name").asText()).isEqualTo(fromInstall);
        }
    }

    /** The live object the templated {@code object} names. */
    private static JsonNode live(RealCluster cluster, JsonNode object) {
        String namespace = object.path("metadata").path("namespace").asText(null);
        var resources = cluster.client().genericKubernetesResources(object.path("apiVersion").asText(),
                object.path("kind").asText());
        String name = object.path("metadata").path("name").asText();
        GenericKubernetesResource found = namespace == null ? resources.withName(name).get()
                : resources.inNamespace(namespace).withName(name).get();
        assertThat(found).as(object.path("kind").asText() + "/" + name + " exists").isNotNull();
        return JSON.valueToTree(found);
    }

    private static String name(JsonNode object) {
        return object.path("metadata").path("name").asText();
    }

    /**
     * The object without its metadata (which carries each writer's own marks: owner marks,
     * managedFields, uid, resourceVersion, creationTimestamp, namespace) and status, with each
     * Service's allocated cluster IPs left out, and each string value of {@code renames} written as its counterpart (bindings' subjects and roleRefs).
     */
    private static JsonNode content(JsonNode object, Map<String, String> renames) throws Exception {
        ObjectNode copy = object.deepCopy();
        copy.remove("metadata");
        copy.remove("status");
        if (copy.get("spec") instanceof ObjectNode spec && "Service".equals(copy.path("kind").asText())) {
            // The server allocates each Service its own address.
            spec.remove(List.of("clusterIP", "clusterIPs"));
        }
        String text = JSON.writeValueAsString(copy);
        for (Map.Entry<String, String> rename : renames.entrySet()) {
            text = text.replace("\"" + rename.getKey() + "\"", "\"" + rename.getValue() + "\"");
        }
        return JSON.readTree(text);
    }

    @Test
    void kubectlKustomizeOfTheDirectoryPrintsTheSameStream(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        CliResult written = Cli.run("template", RealCluster.sample(), "-n", "cachebox", "--csv-mode", "render",
                "--argocd", "-o", "dir=" + out);
        CliResult stream = Cli.run("template", RealCluster.sample(), "-n", "cachebox", "--csv-mode", "render",
                "--argocd");
        assertThat(written.exitCode()).as(written.err()).isZero();

        String built = kubectl(null, dir, "kustomize", out.toString());

        // The kustomization asks kustomize (5.0, in kubectl 1.27) to keep the plan's order.
        List<JsonNode> fromKustomize = TemplateCommandTest.objects(built);
        List<JsonNode> fromStream = TemplateCommandTest.objects(stream.out());
        assertThat(fromKustomize).hasSize(fromStream.size()).containsExactlyElementsOf(fromStream);
    }

    /**
     * Runs kubectl from ../shared (against {@code server}, or with no server for {@code kustomize})
     * and answers its standard output; it must exit 0.
     */
    static String kubectl(RealApiServer server, Path dir, String... args) throws Exception {
        Path kubectl = RealApiServer.requireBinaries().resolve("kubectl");
        List<String> command = new java.util.ArrayList<>(List.of(kubectl.toString()));
        if (server != null) {
            command.addAll(List.of("--kubeconfig", server.kubeconfig().toString()));
        }
        command.addAll(List.of(args));
        Path output = Files.createTempFile(dir, "kubectl", ".out");
        Path log = Files.createTempFile(dir, "kubectl", ".log");
        Process process = new ProcessBuilder(command).redirectError(log.toFile()).redirectOutput(output.toFile())
                .start();
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("kubectl finished").isTrue();
        assertThat(process.exitValue()).as(Files.readString(log)).isZero();
        return Files.readString(output);
    }
}
