package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.testing.SharedCorpus;
import dev.bundlectl.bundle.yaml.Mappers;
import dev.bundlectl.executor.testing.FaultProxy;
import dev.bundlectl.executor.testing.FaultSchedule;
import dev.bundlectl.executor.testing.ProxiedWrite;
import dev.bundlectl.executor.testing.ProxyKubeconfig;
import dev.bundlectl.executor.testing.ProxyUpstream;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.executor.testing.RealApiServerExtension.Served;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The same bundle, the same objects: for every dev-corpus bundle, in OLM mode on a server with OLM's
 * CRDs and in render mode on one without, {@code template --kubeconfig} prints exactly the objects
 * that {@code install --dry-run=server} sends, read from the wire (a {@link FaultProxy} that injects
 * nothing and keeps every write's body), minus bundlectl's own marks and the engine's labels. An
 * object the dry run could not send (a custom resource whose CRD the same plan creates: its kind
 * is not served until then) is compared with the install's own plan of it instead. Where template
 * refuses a bundle, the install refuses it with the same exit code. Dry runs persist nothing, so one
 * namespace per mode serves every bundle.
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerTemplateCorpusTest {

    /** The message of a step whose kind a dry run cannot reach: its CRD is this plan's. */
    private static final String NOT_CHECKED = "not checked: its CRD is created by this plan";

    @TempDir
    Path dir;

    @Test
    void templateIsWhatInstallDryRunSendsForEveryDevBundleInBothModes(@Served(RealApiServer.Flavour.OLM) RealApiServer olm,
            RealApiServer plain) {
        List<Path> bundles = SharedCorpus.devBundleDirs();
        Map<String, Integer> counts = new TreeMap<>();
        List<String> differences = new ArrayList<>();
        try (FaultProxy olmProxy = FaultProxy.start(ProxyUpstream.of(olm.config()), FaultSchedule.none());
                FaultProxy plainProxy = FaultProxy.start(ProxyUpstream.of(plain.config()), FaultSchedule.none())) {
            Mode olmMode = new Mode("olm", olm, olmProxy, ProxyKubeconfig.write(olmProxy, olm.kubeconfig(),
                    dir.resolve("olm-proxy.yaml")), olm.newNamespace("template-olm"));
            Mode renderMode = new Mode("render", plain, plainProxy, ProxyKubeconfig.write(plainProxy,
                    plain.kubeconfig(), dir.resolve("plain-proxy.yaml")), plain.newNamespace("template-render"));
            for (Path bundle : bundles) {
                for (Mode mode : List.of(olmMode, renderMode)) {
                    String outcome = compare(bundle, mode, differences);
                    counts.merge(mode.name + " " + outcome, 1, Integer::sum);
                }
            }
        }
        System.out.println("template vs install --dry-run=server: " + bundles.size() + " bundles; " + counts);
        assertThat(differences).as("bundles whose template is not what the install sends").isEmpty();
        assertThat(counts.getOrDefault("olm same objects", 0)).as(counts.toString()).isGreaterThan(50);
        assertThat(counts.getOrDefault("render same objects", 0)).as(counts.toString()).isGreaterThan(50);
    }

    /** A server, the proxy in front of it, and the namespace every bundle of a mode is tried in. */
    private record Mode(String name, RealApiServer server, FaultProxy proxy, Path proxyKubeconfig, String namespace) {
    }

    private static String compare(Path bundle, Mode mode, List<String> differences) {
        String name = SharedCorpus.devName(bundle) + " (" + mode.name + ")";
        CliResult template = Cli.run("template", bundle.toString(), "-n", mode.namespace, "--csv-mode", mode.name,
                "--kubeconfig", mode.server.kubeconfig().toString());
        long from = mode.proxy.arrived();
        CliResult install = Cli.run("install", bundle.toString(), "-n", mode.namespace, "--csv-mode", mode.name,
                "--dry-run=server", "-o", "json", "--timeout", "60s", "--kubeconfig", mode.proxyKubeconfig.toString());
        assertThat(template.showsStackTrace()).as(name + "\n" + template.describe()).isFalse();
        if (template.exitCode() != ExitCode.OK) {
            if (install.exitCode() != template.exitCode()) {
                differences.add(name + ": template exit " + template.exitCode() + ", install exit "
                        + install.exitCode() + "\n" + template.err() + "\n" + install.err());
            }
            return "refused by both";
        }
        if (install.exitCode() != ExitCode.OK) {
            // The server itself refused a step in the dry run: a prediction the plan could not make.
            return "refused by the server's dry run";
        }
        Map<String, JsonNode> sent = sentObjects(mode.proxy, from);
        Map<String, JsonNode> planned = plannedObjects(install);
        List<ObjectNode> templated = TemplatedObjects.parse(template.out());
        List<String> problems = new ArrayList<>();
        for (ObjectNode object : templated) {
            String identity = TemplatedObjects.identity(object);
            JsonNode expected = sent.remove(identity);
            if (expected == null && NOT_CHECKED.equals(planned.getOrDefault(identity, null) == null ? null
                    : planned.get(identity).path("message").asText())) {
                expected = manifest(planned.get(identity));
            }
            if (expected == null) {
                problems.add(identity + ": templated, never sent");
                continue;
            }
            ObjectNode mine = TemplatedObjects.withoutEngineLabels(object, expected);
            ObjectNode theirs = TemplatedObjects.withoutBundlectlMarks(expected);
            if (!mine.equals(theirs)) {
                problems.add(identity + ": differs\n  template: " + mine + "\n  install:  " + theirs);
            }
        }
        sent.keySet().forEach(identity -> problems.add(identity + ": sent, not templated"));
        if (!problems.isEmpty()) {
            differences.add(name + ":\n" + String.join("\n", problems));
            return "different";
        }
        return "same objects";
    }

    /** Every object the run's dry-run writes carried, by identity; the last write of each (the run after its preflight). */
    private static Map<String, JsonNode> sentObjects(FaultProxy proxy, long from) {
        Map<String, JsonNode> sent = new LinkedHashMap<>();
        for (ProxiedWrite write : proxy.writes()) {
            if (write.ordinal() < from || !write.dryRun()) {
                continue;
            }
            try {
                JsonNode body = Mappers.yaml().readTree(write.body());
                if (body.path("metadata").path("name").isTextual()) {
                    sent.put(TemplatedObjects.identity(body), body);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(write.uri(), e);
            }
        }
        return sent;
    }

    /** The install's plan steps, by the identity of their object. */
    private static Map<String, JsonNode> plannedObjects(CliResult install) {
        Map<String, JsonNode> steps = new LinkedHashMap<>();
        for (JsonNode step : CliCluster.read(install.out()).path("status").path("plan")) {
            JsonNode resource = step.path("resource");
            String namespace = resource.path("namespace").asText("");
            steps.put(resource.path("kind").asText() + "/" + (namespace.isEmpty() ? "" : namespace + "/")
                    + resource.path("name").asText(), step);
        }
        return steps;
    }

    private static JsonNode manifest(JsonNode step) {
        try {
            ObjectNode object = (ObjectNode) Mappers.json().readTree(step.path("resource").path("manifest").asText());
            String namespace = step.path("resource").path("namespace").asText("");
            if (!namespace.isEmpty()) {
                ((ObjectNode) object.path("metadata")).put("namespace", namespace);
            }
            return object;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
