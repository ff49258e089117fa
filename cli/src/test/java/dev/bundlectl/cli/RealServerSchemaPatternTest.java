package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.executor.testing.RealApiServerExtension.Served;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A CRD schema {@code pattern} that Go's regular expressions refuse (a lookahead) is predicted to be
 * refused offline, the install is refused before anything is written, and the real kube-apiserver
 * refuses the CRD with exactly the words the plan predicted (docs/semantics.md §2).
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerSchemaPatternTest {

    private static final String CRD_FILE = "manifests/cache.bundlectl.dev_caches.yaml";
    private static final String REFUSAL = "CustomResourceDefinition.apiextensions.k8s.io \"caches.cache.bundlectl.dev\""
            + " is invalid: spec.validation.openAPIV3Schema.properties[spec].properties[memory].pattern: "
            + "Invalid value: \"^(?!0)[0-9]+(Mi|Gi)$\": must be a valid regular expression, but isn't: "
            + "error parsing regexp: invalid or unsupported Perl syntax: `(?!`";
    // Not a lookbehind: Go before 1.22 (this server's) words `(?<` refusals otherwise than RE2/J and Go 1.22+.

    @Test
    void aLookaheadPatternIsRefusedOfflineBeforeWritingAndByTheServerInTheSameWords(
            @Served(RealApiServer.Flavour.OLM) RealApiServer server, @TempDir Path dir) throws IOException {
        Path bundle = SampleCopies.plain(dir.resolve("bundle"));
        Path crd = bundle.resolve(CRD_FILE);
        Files.writeString(crd, Files.readString(crd).replace("pattern: '^[0-9]+(Mi|Gi)$'",
                "pattern: '^(?!0)[0-9]+(Mi|Gi)$'"));

        CliRun offline = CliRun.of("plan", bundle.toString(), "-o", "json");
        assertThat(offline.exitCode()).as(offline.toString()).isEqualTo(ExitCode.PLAN_FAILED);
        JsonNode step = RealCluster.step(CliCluster.read(offline.out()), "CustomResourceDefinition",
                "caches.cache.bundlectl.dev");
        assertThat(step.path("status").asText()).isEqualTo("Failed");
        assertThat(step.path("message").asText()).isEqualTo(REFUSAL);

        RealCluster cluster = RealCluster.in(server, "re2");
        CliRun install = cluster.run("install", bundle.toString(), "-n", cluster.namespace());
        assertThat(install.exitCode()).as(install.toString()).isEqualTo(ExitCode.PLAN_FAILED);
        assertThat(install.err()).contains("nothing was applied").contains("`(?!`");
        // Other tests on this server install the sample's CRD; this install must have left it as it was.
        var stored = cluster.client().apiextensions().v1().customResourceDefinitions()
                .withName("caches.cache.bundlectl.dev").get();
        if (stored != null) {
            assertThat(OwnerAnnotations.ownedBy(stored.getMetadata().getAnnotations(), cluster.namespace(),
                    "cachebox-operator")).as("no mark of this install").isFalse();
            assertThat(Serialization.asJson(stored.getSpec())).as("the refused pattern not written")
                    .doesNotContain("(?!");
        }
        assertThat(cluster.client().configMaps().inNamespace(cluster.namespace()).list().getItems())
                .as("nothing of the bundle written").noneMatch(map -> map.getMetadata().getName().startsWith("cachebox"));

        assertThat(serversAnswer(server, crd)).isEqualTo(REFUSAL);
    }

    @Test
    void inACrdWhoseVersionsDifferTheFieldIsNamedPerVersionAsTheServerNamesIt(
            @Served(RealApiServer.Flavour.OLM) RealApiServer server, @TempDir Path dir) throws IOException {
        Path bundle = SampleCopies.plain(dir.resolve("bundle"));
        Path crd = bundle.resolve(CRD_FILE);
        // A second version with its own schema: the server then keeps a schema per version.
        Files.writeString(crd, Files.readString(crd).replace("pattern: '^[0-9]+(Mi|Gi)$'", "pattern: '^[0-9]++Mi$'")
                + """
                    - name: v1alpha2
                      served: true
                      storage: false
                      schema:
                        openAPIV3Schema:
                          type: object
                          properties:
                            spec: {type: object, properties: {memory: {type: string, pattern: '(?=x)y'}}}
                """);

        CliRun offline = CliRun.of("plan", bundle.toString(), "-o", "json");

        assertThat(offline.exitCode()).as(offline.toString()).isEqualTo(ExitCode.PLAN_FAILED);
        String predicted = RealCluster.step(CliCluster.read(offline.out()), "CustomResourceDefinition",
                "caches.cache.bundlectl.dev").path("message").asText();
        assertThat(predicted).contains("spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[memory]"
                + ".pattern").contains("spec.versions[1].schema.openAPIV3Schema.properties[spec].properties[memory]");
        assertThat(serversAnswer(server, crd)).isEqualTo(predicted);
    }

    /** The real server's 422 message for the CRD in {@code file}. */
    private static String serversAnswer(RealApiServer server, Path file) throws IOException {
        String yaml = Files.readString(file);
        KubernetesClientException refused = catchThrowableOfType(KubernetesClientException.class,
                () -> server.create(yaml));
        assertThat(refused).as("the server refuses the CRD").isNotNull();
        assertThat(refused.getCode()).isEqualTo(422);
        return refused.getStatus().getMessage();
    }
}
