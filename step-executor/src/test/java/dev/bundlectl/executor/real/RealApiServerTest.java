package dev.bundlectl.executor.real;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.executor.testing.Await;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.executor.testing.RealApiServerExtension.Served;
import dev.bundlectl.plan.api.ApiResource;
import dev.bundlectl.plan.errors.ApiFailure;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The real server answers as semantics.md says, so the other real-server tests stand on facts. */
@ExtendWith(RealApiServerExtension.class)
class RealApiServerTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void anUnservedGroupAnswersPlainText404(RealApiServer server) {
        String namespace = server.newNamespace("smoke");
        ClusterConnection connection = server.connect();
        ApiResource monitor = new ApiResource("monitoring.coreos.com", "v1", "ServiceMonitor", "servicemonitors", true);
        ObjectNode object = JSON.createObjectNode();
        object.put("apiVersion", "monitoring.coreos.com/v1").put("kind", "ServiceMonitor");
        object.putObject("metadata").put("name", "m");

        Throwable error = Await.failure(connection.api().create(monitor, namespace, object, false));

        assertThat(error).isInstanceOf(ApiException.class);
        ApiFailure failure = ((ApiException) error).failure();
        assertThat(failure).isInstanceOfSatisfying(ApiFailure.HttpError.class, http -> {
            assertThat(http.code()).isEqualTo(404);
            assertThat(http.describe()).contains("404 page not found");
        });
    }

    @Test
    void theOlmFlavourServesClusterServiceVersions(@Served(RealApiServer.Flavour.OLM) RealApiServer server) {
        ClusterConnection connection = server.connect();

        var csv = Await.result(connection.discovery().find("operators.coreos.com", "v1alpha1", "ClusterServiceVersion"));

        assertThat(csv).isPresent();
        assertThat(csv.get().namespaced()).isTrue();
    }

    @Test
    void thePlainFlavourDoesNotServeOlm(RealApiServer server) {
        ClusterConnection connection = server.connect();

        var csv = Await.result(connection.discovery().find("operators.coreos.com", "v1alpha1", "ClusterServiceVersion"));

        assertThat(csv).isEmpty();
    }

    @Test
    void servesServicesFromASixteenBitRangeNotKubeApiTestsTwentyFour(RealApiServer server) {
        String namespace = server.newNamespace("services");

        Service created = server.client().services().inNamespace(namespace)
                .resource(new ServiceBuilder().withNewMetadata().withName("wide")
                        .endMetadata().withNewSpec().withClusterIP("10.0.200.7").addNewPort().withPort(80).endPort()
                        .endSpec().build())
                .create();

        assertThat(RealApiServer.SERVICE_CLUSTER_IP_RANGE).isEqualTo("10.0.0.0/16");
        assertThat(created.getSpec().getClusterIP()).as("outside 10.0.0.0/24, inside the range given").isEqualTo("10.0.200.7");
    }
}
