package dev.bundlectl.executor.testing;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.executor.ownership.InstallOwner;
import dev.bundlectl.executor.ownership.OwnerListWriter;
import dev.bundlectl.executor.ownership.OwnerListing;
import dev.bundlectl.plan.api.ApiResource;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The mock answers a JSON patch it cannot apply as kube-apiserver does, 422 at once, rather than
 * never (fabric8's CRUD store throws, and its web server then leaves the request unanswered). CLI
 * tests on the mock once waited out 30-second timeouts nine times over when a stand-in Deployment
 * controller wrote the object between bundlectl's apply and its owner list patch.
 */
class MockClusterJsonPatchTest {

    private static final ApiResource CONFIG_MAPS = new ApiResource("", "v1", "ConfigMap", "configmaps", true);

    @Test
    void anOwnerListPatchOnAVersionAnotherWriteBeatIsAnswered422AndMadeAgainOnAFreshRead() {
        try (MockCluster mock = MockCluster.start()) {
            ClusterConnection connection = mock.connect();
            KubeApi api = connection.api();
            KubernetesClient client = connection.client();
            client.configMaps().inNamespace("demo").resource(new ConfigMapBuilder()
                    .withNewMetadata().withName("shared").endMetadata().build()).create();
            ObjectNode applied = Await.result(api.get(CONFIG_MAPS, "demo", "shared"));
            ConfigMap between = client.configMaps().inNamespace("demo").withName("shared").get();
            between.setData(Map.of("written", "between"));
            client.configMaps().inNamespace("demo").resource(between).update();
            InstallOwner owner = new InstallOwner("demo", "listbox-operator");

            OwnerListWriter.ListWrite write = Await.result(new OwnerListWriter(api).write(CONFIG_MAPS, "demo", "shared",
                    OwnerListing.joining(owner, "sha256:aa", Set.of(), Set.of()), applied));

            assertThat(write).isInstanceOf(OwnerListWriter.ListWrite.Written.class);
            assertThat(mock.requests("PATCH", "/api/v1/namespaces/demo/configmaps/shared"))
                    .extracting(MockCluster.Request::code).as("the CRUD store answers an applied JSON patch 202").containsExactly(422, 202);
            assertThat(client.configMaps().inNamespace("demo").withName("shared").get()
                    .getMetadata().getAnnotations()).containsEntry(owner.listKey(), "sha256:aa demo");
        }
    }
}
