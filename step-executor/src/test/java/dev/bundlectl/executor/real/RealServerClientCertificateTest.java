package dev.bundlectl.executor.real;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bundlectl.bundle.yaml.Mappers;
import dev.bundlectl.cluster.connect.ClusterConnection;
import dev.bundlectl.cluster.connect.ConnectionSettings;
import dev.bundlectl.cluster.kube.ApiException;
import dev.bundlectl.executor.testing.Await;
import dev.bundlectl.executor.testing.RealApiServer;
import dev.bundlectl.executor.testing.RealApiServerExtension;
import dev.bundlectl.plan.api.ApiResource;
import dev.bundlectl.plan.errors.ApiFailure;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A connection opened from a kubeconfig file authenticates with the kubeconfig's client
 * certificate through bundlectl's own key manager, for the asynchronous API and for fabric8's
 * typed client alike; without the certificate the same server refuses the same request.
 */
@ExtendWith(RealApiServerExtension.class)
class RealServerClientCertificateTest {

    private static final ApiResource NAMESPACES = new ApiResource("", "v1", "Namespace", "namespaces", false);

    @TempDir
    Path dir;

    @Test
    void theKubeconfigsClientCertificateAuthenticatesBothClients(RealApiServer server) throws Exception {
        assertThat(Files.readString(server.kubeconfig())).contains("client-certificate");

        try (ClusterConnection connection = ClusterConnection.open(ConnectionSettings.defaults()
                .withKubeconfig(server.kubeconfig()))) {
            ObjectNode namespace = Await.result(connection.api().get(NAMESPACES, null, "kube-system"));
            assertThat(namespace.path("metadata").path("name").asText()).isEqualTo("kube-system");
            assertThat(connection.client().namespaces().withName("default").get()).isNotNull();
        }
    }

    @Test
    void withoutTheCertificateTheServerRefuses(RealApiServer server) throws Exception {
        ObjectNode kubeconfig = (ObjectNode) Mappers.yaml().readTree(server.kubeconfig().toFile());
        for (var user : kubeconfig.path("users")) {
            ((ObjectNode) user.path("user")).remove(java.util.List.of("client-certificate", "client-key",
                    "client-certificate-data", "client-key-data"));
        }
        Path anonymous = dir.resolve("anonymous.yaml");
        Mappers.yaml().writeValue(anonymous.toFile(), kubeconfig);

        try (ClusterConnection connection = ClusterConnection.open(ConnectionSettings.defaults()
                .withKubeconfig(anonymous))) {
            Throwable refused = Await.failure(connection.api().get(NAMESPACES, null, "kube-system"));
            assertThat(refused).isInstanceOfSatisfying(ApiException.class, api -> assertThat(api.failure())
                    .isInstanceOfSatisfying(ApiFailure.HttpError.class, http -> assertThat(http.code()).isIn(401, 403)));
        }
    }
}
