package dev.bundlectl.executor.real;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.cluster.kube.KubeApi;
import dev.bundlectl.cluster.kube.Preconditions;
import dev.bundlectl.executor.testing.Await;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.plan.api.ApiResource;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The KubeApi requests that records and uninstall rely on, as a real API server answers them. */
@ExtendWith(RealApiServerExtension.class)
class RealServerKubeApiTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ApiResource CONFIGMAPS = new ApiResource("", "v1", "ConfigMap", "configmaps", true);

    private static ObjectNode configMap(String name, String label) {
        ObjectNode object = JSON.createObjectNode().put("apiVersion", "v1").put("kind", "ConfigMap");
        ObjectNode metadata = object.putObject("metadata").put("name", name);
        if (label != null) {
            metadata.putObject("labels").put("bundlectl.dev/test", label);
        }
        return object;
    }

    @Test
    void aDeleteWhoseUidPreconditionNoLongerHoldsIsRefusedAndTheObjectStays(RealApiServer server) {
        String ns = server.newNamespace("precondition");
        KubeApi api = server.connect().retryingApi();
        Await.result(api.create(CONFIGMAPS, ns, configMap("settings", null), false));

        Throwable refused = Await.failure(api.delete(CONFIGMAPS, ns, "settings",
                Preconditions.uid("0d6f0a3c-0000-0000-0000-000000000000"), false));

        assertThat(refused).isInstanceOfSatisfying(ApiException.class, error -> {
            assertThat(error.isHttp(409)).as(error.getMessage()).isTrue();
            assertThat(error.getMessage()).contains("the UID in the precondition");
        });
        assertThat(Await.result(api.get(CONFIGMAPS, ns, "settings")).path("metadata").path("name").asText())
                .isEqualTo("settings");
    }

    @Test
    void aDryRunDeleteIsValidatedWithItsPreconditionsAndDeletesNothing(RealApiServer server) {
        String ns = server.newNamespace("dry-delete");
        KubeApi api = server.connect().retryingApi();
        ObjectNode created = Await.result(api.create(CONFIGMAPS, ns, configMap("kept", null), false));
        String uid = created.path("metadata").path("uid").asText();

        Await.result(api.delete(CONFIGMAPS, ns, "kept", Preconditions.uid(uid), true));
        Throwable wrongUid = Await.failure(api.delete(CONFIGMAPS, ns, "kept",
                Preconditions.uid("0d6f0a3c-0000-0000-0000-000000000000"), true));

        assertThat(Await.result(api.get(CONFIGMAPS, ns, "kept")).path("metadata").path("uid").asText())
                .as("a dry run with a body of DeleteOptions must still be a dry run").isEqualTo(uid);
        assertThat(wrongUid).isInstanceOfSatisfying(ApiException.class,
                error -> assertThat(error.isHttp(409)).as(error.getMessage()).isTrue());
    }

    @Test
    void aLabelSelectedListAcrossNamespacesFindsOnlyTheLabelledObjectsOfEach(RealApiServer server) {
        String first = server.newNamespace("selector-a");
        String second = server.newNamespace("selector-b");
        ClusterConnection connection = server.connect();
        KubeApi api = connection.retryingApi();
        String label = first; // unique to this test, so other tests' objects do not match
        Await.result(api.create(CONFIGMAPS, first, configMap("picked", label), false));
        Await.result(api.create(CONFIGMAPS, second, configMap("picked", label), false));
        Await.result(api.create(CONFIGMAPS, second, configMap("unlabelled", null), false));

        // A page size of 1 makes the server continue across pages.
        List<ObjectNode> found = Await.result(api.listAll(CONFIGMAPS, null, "bundlectl.dev/test=" + label, 1));

        assertThat(found).extracting(object -> object.path("metadata").path("namespace").asText() + "/"
                + object.path("metadata").path("name").asText())
                .containsExactlyInAnyOrder(first + "/picked", second + "/picked");
    }
}
