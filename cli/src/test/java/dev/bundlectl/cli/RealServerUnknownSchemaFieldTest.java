package dev.bundlectl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.executor.testing.RealApiServerExtension.Served;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.apiextensions.v1.JSONSchemaProps;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A CRD whose schema carries a key the API server's schema type does not declare
 * ({@code x-descriptors}, as generated CRDs of some catalogs do) installs as OLM installs it: the
 * real kube-apiserver refuses a server-side apply that sets the key (500, "field not declared in
 * schema") but drops it on a create, so the plan leaves it out, says so, and the install succeeds
 * (docs/semantics.md §2).
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerUnknownSchemaFieldTest {

    private static final String BUNDLE = "cli/src/test/resources/bundles/described-widgets";
    private static final String CRD_NAME = "widgets.described.bundlectl.dev";
    private static final String CRD_FILE = "manifests/" + CRD_NAME + ".crd.yaml";
    private static final String DROPPED = "field spec.versions[0].schema.openAPIV3Schema.properties.spec.x-descriptors: "
            + "unknown field dropped, as the API server drops it on create";

    @Test
    void theUndeclaredKeyIsLeftOutSaidTheCrdIsEstablishedAndTheOfflinePlanAgrees(
            @Served(RealApiServer.Flavour.PLAIN) RealApiServer server) throws Exception {
        String bundle = TestPaths.arg(BUNDLE);

        RealCluster cluster = RealCluster.in(server, "unknown-field");
        CliRun install = cluster.run("install", bundle, "-n", cluster.namespace());

        assertThat(install.exitCode()).as(install.toString()).isEqualTo(ExitCode.OK);
        assertThat(install.err()).contains(DROPPED);
        CustomResourceDefinition crd = cluster.client().apiextensions().v1().customResourceDefinitions()
                .withName(CRD_NAME).get();
        assertThat(crd.getStatus().getConditions()).anySatisfy(condition -> {
            assertThat(condition.getType()).isEqualTo("Established");
            assertThat(condition.getStatus()).isEqualTo("True");
        });
        JSONSchemaProps spec = crd.getSpec().getVersions().get(0).getSchema().getOpenAPIV3Schema().getProperties()
                .get("spec");
        assertThat(spec.getProperties()).as("a property named x-descriptors is a property").containsKey("x-descriptors");
        assertThat(spec.getProperties().get("x-descriptors").getExample().toString()).contains("kept");

        // The offline plan agrees with the install: installable, with the same warning and manifest.
        CliRun offline = CliRun.of("plan", bundle, "-o", "json");
        assertThat(offline.exitCode()).as(offline.toString()).isEqualTo(ExitCode.OK);
        assertThat(offline.err()).contains(DROPPED);
        JsonNode planned = CliCluster.read(offline.out());
        JsonNode manifest = CliCluster.read(RealCluster.step(planned, "CustomResourceDefinition", CRD_NAME)
                .path("resource").path("manifest").asText());
        assertThat(manifest.at("/spec/versions/0/schema/openAPIV3Schema/properties/spec").has("x-descriptors"))
                .isFalse();
    }

    @Test
    void theServerRefusesAServerSideApplyOfTheCrdAsWritten(@Served(RealApiServer.Flavour.PLAIN) RealApiServer server)
            throws Exception {
        // What bundlectl sent before it left the key out: the preflight's dry run of the same apply.
        HttpResponse<String> answer = dryRunApply(server.client(),
                Files.readString(TestPaths.inRepo(BUNDLE).resolve(CRD_FILE)));

        assertThat(answer.code()).as(answer.body()).isEqualTo(500);
        assertThat(answer.body()).contains("field not declared in schema");
    }

    private static HttpResponse<String> dryRunApply(KubernetesClient client, String yaml) throws Exception {
        String url = client.getMasterUrl().toString().replaceAll("/$", "")
                + "/apis/apiextensions.k8s.io/v1/customresourcedefinitions/" + CRD_NAME
                + "?fieldManager=bundlectl-test&force=true&dryRun=All";
        HttpRequest request = client.getHttpClient().newHttpRequestBuilder().uri(url)
                .method("PATCH", "application/apply-patch+yaml", yaml).build();
        return client.getHttpClient().sendAsync(request, String.class).get(30, TimeUnit.SECONDS);
    }
}
