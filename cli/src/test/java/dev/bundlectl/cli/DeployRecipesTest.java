package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fleet recipes of deploy/argocd and deploy/flux, tested where they can be without Argo CD or
 * Flux: the plugin runs the release image's own entrypoint (so it stays true when the image
 * changes), its arguments file is one bundlectl accepts and templates, the ApplicationSet names the
 * plugin as Argo CD names it, and the Flux Kustomization reads the directory render.sh writes, with
 * the kustomization.yaml that {@code template -o dir=} makes.
 */
class DeployRecipesTest {

    private static final YAMLMapper YAML = new YAMLMapper();

    @TempDir
    Path temp;

    @Test
    void thePluginRunsTheImagesEntrypointOnTheArgumentsFile() throws Exception {
        JsonNode configMap = YAML.readTree(read("deploy/argocd/plugin.yaml"));
        JsonNode plugin = YAML.readTree(configMap.path("data").path("plugin.yaml").asText());
        List<String> command = new ArrayList<>();
        plugin.path("spec").path("generate").path("command").forEach(arg -> command.add(arg.asText()));

        assertThat(plugin.path("kind").asText()).isEqualTo("ConfigManagementPlugin");
        assertThat(command).as("the image's entrypoint, as image/pom.xml gives it to jib").isEqualTo(entrypoint());
        assertThat(plugin.path("spec").path("generate").path("args").get(0).asText()).isEqualTo("@bundlectl.args");
        assertThat(plugin.path("spec").path("discover").path("fileName").asText()).isEqualTo("./bundlectl.args");
        JsonNode sidecar = YAML.readTree(read("deploy/argocd/repo-server-sidecar.yaml"))
                .path("spec").path("template").path("spec").path("containers").get(0);
        assertThat(sidecar.path("securityContext").path("runAsUser").asInt()).as("Argo CD's plugin user").isEqualTo(999);
    }

    @Test
    void theExampleArgumentsTemplateTheBundleForArgoCd() throws Exception {
        List<String> args = new ArrayList<>(read("deploy/argocd/example/cachebox-operator/bundlectl.args").lines()
                .map(String::strip).filter(line -> !line.isEmpty()).toList());
        assertThat(args.get(0)).isEqualTo("template");
        // The example names a registry image; here the same bundle comes from the sample directory.
        args.set(1, RealCluster.sample());

        CliRun run = CliRun.of(args.toArray(String[]::new));

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.out()).contains("app.kubernetes.io/managed-by: argocd").contains("argocd.argoproj.io/sync-wave");
        String applicationSet = read("deploy/argocd/applicationset.yaml");
        JsonNode source = YAML.readTree(applicationSet).path("spec").path("template").path("spec").path("source");
        JsonNode plugin = YAML.readTree(YAML.readTree(read("deploy/argocd/plugin.yaml")).path("data")
                .path("plugin.yaml").asText());
        assertThat(source.path("plugin").path("name").asText()).as("Argo CD names a versioned plugin NAME-VERSION")
                .isEqualTo(plugin.path("metadata").path("name").asText() + "-" + plugin.path("spec").path("version").asText());
        assertThat(source.path("path").asText()).isEqualTo("deploy/argocd/example/cachebox-operator");
    }

    @Test
    void theFluxKustomizationReadsWhatRenderShWrites() throws Exception {
        String render = read("deploy/flux/render.sh");
        Matcher out = Pattern.compile("OUT=\"\\$\\{OUT:-([^}]+)}\"").matcher(render);
        assertThat(out.find()).as("render.sh names its output directory").isTrue();
        List<JsonNode> documents = new ArrayList<>();
        YAML.readerFor(JsonNode.class).readValues(read("deploy/flux/kustomization.yaml")).forEachRemaining(
                document -> documents.add((JsonNode) document));
        JsonNode kustomization = documents.stream().filter(document -> "Kustomization".equals(
                document.path("kind").asText())).findFirst().orElseThrow();
        assertThat(kustomization.path("spec").path("path").asText()).isEqualTo("./" + out.group(1));

        // render.sh's command line, with the sample in place of the registry image.
        Matcher line = Pattern.compile("bundlectl (template .*)").matcher(render);
        assertThat(line.find()).isTrue();
        List<String> args = new ArrayList<>(List.of(line.group(1).replace("\"$BUNDLE\"", RealCluster.sample())
                .replace("\"dir=$OUT\"", "dir=" + temp.resolve("rendered")).split(" ")));
        CliRun run = CliRun.of(args.toArray(String[]::new));

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(temp.resolve("rendered/kustomization.yaml")).exists();
        assertThat(Files.readString(temp.resolve("rendered/kustomization.yaml"))).contains("resources:");
    }

    /** The jib entrypoint of image/pom.xml, argument by argument. */
    private static List<String> entrypoint() throws Exception {
        String pom = read("image/pom.xml");
        String block = pom.substring(pom.indexOf("<entrypoint>"), pom.indexOf("</entrypoint>"));
        List<String> args = new ArrayList<>();
        Matcher arg = Pattern.compile("<arg>([^<]+)</arg>").matcher(block);
        while (arg.find()) {
            args.add(arg.group(1));
        }
        return args;
    }

    private static String read(String relative) throws Exception {
        return Files.readString(CliRun.repoRoot().resolve(relative));
    }
}
